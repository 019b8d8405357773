// Compared after dropping dots and parentheses and lower-casing: "L.L.C." and "(Pty)" match too.
const LEGAL_SUFFIXES = new Set(
  `ab ag aps as asa bhd bv co corp corporation cv gmbh inc incorporated kg kgaa kk limited llc
   llp lp ltd ltda nv oy oyj plc pte pty pvt sa sarl sas sdn se spa srl ug`.split(/\s+/),
);
const EDGE_NOISE = /[\s"'`\p{Pi}\p{Pf},;:]/u;
// "&" and "-" are left dangling by "GmbH & Co. KG" or "Acme - Inc" once the suffix is gone.
const TRAILING_NOISE = /[\s"'`\p{Pi}\p{Pf},;:.&-]/u;
const WORD_SEPARATOR = /[\s,]/u;

/**
 * Reporting name: legal-form suffixes are stripped ("Foo Holdings GmbH & Co. KG" → "Foo
 * Holdings"), case is kept. A name made only of suffixes ("Inc.") is returned as typed.
 */
export function normalizeCompanyName(raw: string): string | null {
  const cleaned = collapseWhitespace(raw.normalize('NFKC'));
  if (cleaned.length === 0) {
    return null;
  }
  const name = stripLegalSuffixes(cleaned);
  return name.length > 0 ? name : cleaned;
}

/** "information technology and services" → "Information Technology & Services". */
export function normalizeIndustry(raw: string): string | null {
  const spaced = raw
    .normalize('NFKC')
    // Combining marks count as part of a word: "İand" lower-cases to "i\u0307and", which is one word.
    .replace(/(?<![\p{L}\p{M}\p{N}])and(?![\p{L}\p{M}\p{N}])/giu, '&')
    .replace(/&/g, ' & ');
  const industry = collapseWhitespace(spaced).replace(/[\p{L}\p{M}\p{N}']+/gu, titleCaseWord);
  return industry.length > 0 ? industry : null;
}

function collapseWhitespace(value: string): string {
  return value.trim().replace(/\s+/gu, ' ');
}

/** Also drops surrounding quotes/punctuation; walks back by index so long inputs stay linear. */
function stripLegalSuffixes(name: string): string {
  let start = 0;
  while (start < name.length && EDGE_NOISE.test(name.charAt(start))) {
    start += 1;
  }
  let end = name.length;
  for (;;) {
    while (end > start && TRAILING_NOISE.test(name.charAt(end - 1))) {
      end -= 1;
    }
    let wordStart = end;
    while (wordStart > start && !WORD_SEPARATOR.test(name.charAt(wordStart - 1))) {
      wordStart -= 1;
    }
    if (wordStart === end || !isLegalSuffix(name.slice(wordStart, end))) {
      break;
    }
    end = wordStart;
  }
  return name.slice(start, end);
}

function isLegalSuffix(word: string): boolean {
  return LEGAL_SUFFIXES.has(word.replace(/[.()]/g, '').toLowerCase());
}

function titleCaseWord(word: string): string {
  if (isShortAcronym(word)) {
    return word;
  }
  const [first = '', ...rest] = Array.from(word.toLowerCase());
  const upper = first.toUpperCase();
  // "ß" upper-cases to "SS"; keeping it as is keeps the function idempotent.
  const head = Array.from(upper).length === 1 ? upper : first;
  return head + rest.join('');
}

/** "IT", "HR", "B2B" stay as typed; longer all-caps words ("SAAS") are title-cased. */
function isShortAcronym(word: string): boolean {
  const letterCount = word.match(/\p{L}/gu)?.length ?? 0;
  return letterCount > 0 && letterCount <= 3 && !/\p{Ll}/u.test(word);
}
