import { FieldError, typeError, valueError } from './field-error';
import {
  FieldRead,
  isJsonObject,
  ownField,
  patchValue,
  readIdentifier,
  readNonNegativeInteger,
  readString,
  readStringList,
  readTextPatch,
} from './read-field';

function run<T>(read: (errors: FieldError[]) => FieldRead<T>) {
  const errors: FieldError[] = [];
  const result = read(errors);
  return { result, errors };
}

describe('isJsonObject', () => {
  it.each([
    [{}, true],
    [JSON.parse('{"a":1}'), true],
    [null, false],
    [[], false],
    ['x', false],
    [1, false],
    [true, false],
    [undefined, false],
  ])('%j -> %s', (raw, expected) => {
    expect(isJsonObject(raw)).toBe(expected);
  });
});

describe('ownField', () => {
  it('ignores inherited properties and reads a JSON "__proto__" key as plain data', () => {
    const raw = JSON.parse('{"__proto__": {"x": 1}, "a": "b"}');
    expect(ownField(raw, 'x')).toBeUndefined();
    expect(ownField(raw, 'toString')).toBeUndefined();
    expect(ownField(raw, '__proto__')).toEqual({ x: 1 });
    expect(ownField(raw, 'a')).toBe('b');
  });
});

describe('readString', () => {
  it.each<[string, unknown, FieldRead<string>]>([
    ['missing key', undefined, { kind: 'absent' }],
    ['empty string', '', { kind: 'absent' }],
    ['whitespace only', ' \t\n\u00a0', { kind: 'absent' }],
    ['null', null, { kind: 'cleared' }],
    ['trimmed value', '  Ada  ', { kind: 'value', value: 'Ada' }],
    ['exactly max length', 'x'.repeat(10), { kind: 'value', value: 'x'.repeat(10) }],
    ['astral chars count once', '😀'.repeat(10), { kind: 'value', value: '😀'.repeat(10) }],
    ['surrogate pair is well-formed', 'a\uD83D\uDE00b', { kind: 'value', value: 'a😀b' }],
  ])('%s', (_name, value, expected) => {
    const raw = value === undefined ? {} : { f: value };
    const { result, errors } = run((e) => readString(raw, 'f', 10, e));
    expect(result).toEqual(expected);
    expect(errors).toEqual([]);
  });

  it.each<[string, unknown, FieldError[]]>([
    ['number', 1, [typeError('f must be a string')]],
    ['boolean', false, [typeError('f must be a string')]],
    ['object', { a: 1 }, [typeError('f must be a string')]],
    ['array', ['a'], [typeError('f must be a string')]],
    ['NUL', 'a\u0000b', [valueError('f must not contain NUL characters')]],
    ['NUL only', '\u0000', [valueError('f must not contain NUL characters')]],
    ['too long', 'x'.repeat(11), [valueError('f must be at most 10 characters')]],
    [
      'lone high surrogate',
      'a\uD83Db',
      [
        {
          type: 'value_error',
          msg: 'f must be well-formed Unicode (it contains a lone surrogate)',
        },
      ],
    ],
    [
      'lone low surrogate',
      '\uDE00',
      [
        {
          type: 'value_error',
          msg: 'f must be well-formed Unicode (it contains a lone surrogate)',
        },
      ],
    ],
    [
      'NUL and too long',
      '\u0000'.repeat(11),
      [
        valueError('f must not contain NUL characters'),
        valueError('f must be at most 10 characters'),
      ],
    ],
  ])('%s is rejected', (_name, value, expected) => {
    const { result, errors } = run((e) => readString({ f: value }, 'f', 10, e));
    expect(result).toEqual({ kind: 'invalid' });
    expect(errors).toEqual(expected);
  });

  it('measures length after trimming', () => {
    const { result } = run((e) => readString({ f: `  ${'x'.repeat(10)}  ` }, 'f', 10, e));
    expect(result).toEqual({ kind: 'value', value: 'x'.repeat(10) });
  });

  it('does not read inherited fields', () => {
    const raw = Object.create({ f: 'inherited' }) as Record<string, unknown>;
    expect(run((e) => readString(raw, 'f', 10, e)).result).toEqual({ kind: 'absent' });
  });
});

describe('readIdentifier', () => {
  const upper = (text: string) => (text.startsWith('ok') ? text.toUpperCase() : null);
  const read = (value: unknown) =>
    run((e) => readIdentifier({ id: value }, 'id', 10, upper, (t) => `bad ${t}`, e));

  it.each<[unknown, FieldRead<string>]>([
    [' ok1 ', { kind: 'value', value: 'OK1' }],
    [null, { kind: 'absent' }],
    ['', { kind: 'absent' }],
    [undefined, { kind: 'absent' }],
  ])('%j -> %j', (value, expected) => {
    expect(read(value)).toEqual({ result: expected, errors: [] });
  });

  it('reports a value the normaliser rejects, with the trimmed text', () => {
    expect(read(' nope ')).toEqual({
      result: { kind: 'invalid' },
      errors: [valueError('bad nope')],
    });
  });

  it('reports common-rule failures without calling the normaliser', () => {
    const normalize = jest.fn(() => 'x');
    const { errors } = run((e) =>
      readIdentifier({ id: 'a\u0000' }, 'id', 10, normalize, String, e),
    );
    expect(errors).toEqual([valueError('id must not contain NUL characters')]);
    expect(normalize).not.toHaveBeenCalled();
  });
});

describe('readTextPatch', () => {
  it('builds a patch with untouched, cleared and replaced keys and lists what was sent', () => {
    const errors: FieldError[] = [];
    const raw = { a: ' A ', b: null, c: '', d: 5, unknown: 'x' };
    const result = readTextPatch(
      raw,
      ['a', 'b', 'c', 'd', 'e'],
      { a: 9, b: 9, c: 9, d: 9, e: 9 },
      errors,
    );
    expect(result.patch).toEqual({ a: 'A', b: null });
    expect(Object.keys(result.patch)).toEqual(['a', 'b']);
    expect(result.sent).toEqual(['a', 'b', 'd']);
    expect(errors).toEqual([typeError('d must be a string')]);
  });
});

describe('readNonNegativeInteger', () => {
  it.each<[unknown, FieldRead<number>]>([
    [undefined, { kind: 'absent' }],
    ['', { kind: 'absent' }],
    ['  ', { kind: 'absent' }],
    [null, { kind: 'cleared' }],
    [0, { kind: 'value', value: 0 }],
    [999, { kind: 'value', value: 999 }],
    ['999', { kind: 'value', value: 999 }],
    [' 0042 ', { kind: 'value', value: 42 }],
    [1000, { kind: 'value', value: 1000 }],
  ])('%j -> %j', (value, expected) => {
    const { result, errors } = run((e) => readNonNegativeInteger({ n: value }, 'n', 1000, e));
    expect(result).toEqual(expected);
    expect(errors).toEqual([]);
  });

  const notInteger = valueError('n must be a non-negative integer (e.g. 1200)');
  const tooBig = valueError('n must be at most 1000');
  const wrongType = typeError('n must be a number or a string of digits');
  it.each<[unknown, FieldError]>([
    ['abc', notInteger],
    ['12.5', notInteger],
    ['1,200', notInteger],
    ['-3', notInteger],
    ['1e3', notInteger],
    [-1, notInteger],
    [1.5, notInteger],
    [1001, tooBig],
    ['1001', tooBig],
    ['9'.repeat(400), tooBig],
    [JSON.parse('1e400'), tooBig],
    [1e20, tooBig],
    [true, wrongType],
    [{}, wrongType],
    [[1], wrongType],
  ])('%j is rejected', (value, expected) => {
    const { result, errors } = run((e) => readNonNegativeInteger({ n: value }, 'n', 1000, e));
    expect(result).toEqual({ kind: 'invalid' });
    expect(errors).toEqual([expected]);
  });
});

describe('readStringList', () => {
  const limits = { maxItems: 3, maxItemLength: 5 };
  const read = (value: unknown) => run((e) => readStringList({ tags: value }, 'tags', limits, e));

  it.each<[string, unknown, FieldRead<string[]>]>([
    ['array', ['a', 'b'], { kind: 'value', value: ['a', 'b'] }],
    [
      'array trimmed, empties dropped',
      [' a ', '', '  ', 'b'],
      { kind: 'value', value: ['a', 'b'] },
    ],
    [
      'array de-duplicated keeping first order',
      ['b', 'a', 'b ', 'a'],
      { kind: 'value', value: ['b', 'a'] },
    ],
    [
      'duplicates do not count towards the limit',
      ['a', 'b', 'c', 'a', 'b'],
      { kind: 'value', value: ['a', 'b', 'c'] },
    ],
    ['case is kept and significant', ['VIP', 'vip'], { kind: 'value', value: ['VIP', 'vip'] }],
    ['comma-separated string', 'a, b ,,c', { kind: 'value', value: ['a', 'b', 'c'] }],
    ['single string', 'solo', { kind: 'value', value: ['solo'] }],
    ['empty string', '', { kind: 'absent' }],
    ['only commas', ' , ,', { kind: 'absent' }],
    ['empty array', [], { kind: 'absent' }],
    ['array of empties', ['', ' '], { kind: 'absent' }],
    ['null', null, { kind: 'cleared' }],
    ['missing', undefined, { kind: 'absent' }],
  ])('%s', (_name, value, expected) => {
    expect(read(value)).toEqual({ result: expected, errors: [] });
  });

  it.each<[string, unknown, FieldError[]]>([
    ['number', 5, [typeError('tags must be an array of strings or a comma-separated string')]],
    [
      'object',
      { a: 'b' },
      [typeError('tags must be an array of strings or a comma-separated string')],
    ],
    [
      'non-string items, each reported by index',
      ['a', 1, null, ['x']],
      [
        typeError('tags[1] must be a string'),
        typeError('tags[2] must be a string'),
        typeError('tags[3] must be a string'),
      ],
    ],
    ['item too long', ['ok', 'toolong'], [valueError('tags[1] must be at most 5 characters')]],
    ['NUL in an item', 'a,b\u0000', [valueError('tags[1] must not contain NUL characters')]],
    ['too many items', ['a', 'b', 'c', 'd'], [valueError('tags must have at most 3 items')]],
    ['absurdly many raw entries', ','.repeat(100), [valueError('tags must have at most 3 items')]],
  ])('%s is rejected', (_name, value, expected) => {
    expect(read(value)).toEqual({ result: { kind: 'invalid' }, errors: expected });
  });

  it('caps the item errors it reports', () => {
    const { errors } = run((e) =>
      readStringList({ tags: Array(25).fill(1) }, 'tags', { maxItems: 10, maxItemLength: 5 }, e),
    );
    expect(errors).toHaveLength(10);
  });
});

describe('patchValue', () => {
  it.each<[FieldRead<string>, string | null | undefined]>([
    [{ kind: 'absent' }, undefined],
    [{ kind: 'invalid' }, undefined],
    [{ kind: 'cleared' }, null],
    [{ kind: 'value', value: 'v' }, 'v'],
  ])('%j -> %j', (read, expected) => {
    expect(patchValue(read)).toBe(expected);
  });
});
