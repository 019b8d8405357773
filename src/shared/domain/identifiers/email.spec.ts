import { normalizeEmail } from './email';

describe('normalizeEmail', () => {
  it.each([
    ['Jane.Doe@Example.COM', 'jane.doe@example.com'],
    ['  jane@example.com \n', 'jane@example.com'],
    ['jane+outreach@mail.example.co.uk', 'jane+outreach@mail.example.co.uk'],
    ['jane@müller.de', 'jane@xn--mller-kva.de'],
    ['jane@xn--mller-kva.de', 'jane@xn--mller-kva.de'],
    ['jane@mu\u0308ller.de', 'jane@xn--mller-kva.de'],
    ['jane@ＥＸＡＭＰＬＥ.com', 'jane@example.com'],
    ['Zoë@example.com', 'zoë@example.com'],
    ['user@пример.рф', 'user@xn--e1afmkfd.xn--p1ai'],
    [`${'a'.repeat(64)}@example.com`, `${'a'.repeat(64)}@example.com`],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeEmail(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['jane'],
    ['jane@'],
    ['@example.com'],
    ['jane@@example.com'],
    ['jane@doe@example.com'],
    ['jane doe@example.com'],
    ['jane\u0000@example.com'],
    ['jane@localhost'],
    ['jane@example.c0m'],
    ['jane@example.123'],
    ['jane@192.168.0.1'],
    ['jane@[127.0.0.1]'],
    ['jane@-example.com'],
    ['jane@exa_mple.com'],
    ['jane@example.com/path'],
    ['jane@example..com'],
    ['.jane@example.com'],
    ['jane..doe@example.com'],
    ['"Jane" <jane@example.com>'],
    [`${'a'.repeat(65)}@example.com`],
    [`jane@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`],
    ['jane@xn--abc.com'],
    ['\uD800@example.com'],
  ])('rejects %j', (raw) => {
    expect(normalizeEmail(raw)).toBeNull();
  });
});
