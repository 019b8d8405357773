import { foldNormalized, NormalizedValue, PatchFold } from './patch-fold';

describe('PatchFold', () => {
  it('keeps the last sent value per field, null included, and skips unsent fields', () => {
    const sut = new PatchFold<string>();
    sut.add('L', { a: '1', b: '1' });
    sut.add('L', { a: null, c: undefined });
    sut.add('L', { b: '2' });
    sut.touch('M');
    expect(sut.entries()).toEqual([
      [
        'L',
        new Map([
          ['a', null],
          ['b', '2'],
        ]),
      ],
      ['M', new Map()],
    ]);
  });
});

describe('foldNormalized', () => {
  const derived = (value: string | null) => ({ value, derived: true });
  const override = (value: string | null) => ({ value, derived: false });

  it.each<[string, Parameters<typeof foldNormalized>[1][], NormalizedValue]>([
    [
      'derived only: applies unless stored override',
      [derived('Acme')],
      { mode: 'derived', value: 'Acme' },
    ],
    ['override', [override('ACME')], { mode: 'set', value: 'ACME', overridden: true }],
    [
      'override then derived: override wins',
      [override('ACME'), derived('Acme')],
      { mode: 'set', value: 'ACME', overridden: true },
    ],
    [
      'derived then override',
      [derived('Acme'), override('ACME')],
      { mode: 'set', value: 'ACME', overridden: true },
    ],
    [
      'null override clears the override',
      [override('ACME'), override(null)],
      { mode: 'set', value: null, overridden: false },
    ],
    [
      'derived after a cleared override is set unconditionally',
      [override(null), derived('Acme')],
      { mode: 'set', value: 'Acme', overridden: false },
    ],
    [
      'derived clears follow the source',
      [derived('Acme'), derived(null)],
      { mode: 'derived', value: null },
    ],
  ])('%s', (_name, steps, expected) => {
    expect(
      steps.reduce<NormalizedValue | undefined>(
        (state, step) => foldNormalized(state, step),
        undefined,
      ),
    ).toEqual(expected);
  });
});
