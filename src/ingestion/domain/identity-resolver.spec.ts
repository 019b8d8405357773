import { IdentityResolver } from './identity-resolver';

function ids() {
  let n = 0;
  return () => `new-${++n}`;
}

describe('IdentityResolver', () => {
  const existing = [
    { kind: 'email', value: 'a@x.com', entityId: 'A' },
    { kind: 'url', value: 'u/b', entityId: 'B' },
  ];

  it.each<[string, { kind: string; value: string }[], string, string[]]>([
    ['first identifier matches', [{ kind: 'email', value: 'a@x.com' }], 'A', []],
    [
      'only a lower one matches',
      [
        { kind: 'email', value: 'new@x.com' },
        { kind: 'url', value: 'u/b' },
      ],
      'B',
      ['email:new@x.com'],
    ],
    [
      'the higher one wins over a lower one of another entity',
      [
        { kind: 'email', value: 'a@x.com' },
        { kind: 'url', value: 'u/b' },
      ],
      'A',
      [],
    ],
    [
      'none matches',
      [
        { kind: 'email', value: 'c@x.com' },
        { kind: 'url', value: 'u/c' },
      ],
      'new-1',
      ['email:c@x.com', 'url:u/c'],
    ],
  ])('%s', (_name, identifiers, entity, claimed) => {
    const sut = new IdentityResolver(existing, ids());
    expect(sut.resolve(identifiers).entityId).toBe(entity);
    expect(sut.claims.map((c) => `${c.kind}:${c.value}`)).toEqual(claimed);
    expect(sut.claims.every((c) => c.entityId === entity)).toBe(true);
  });

  it('leaves a lower-priority identifier owned by another entity out of the owned list', () => {
    const sut = new IdentityResolver(existing, ids());
    const { owned } = sut.resolve([
      { kind: 'email', value: 'a@x.com' },
      { kind: 'url', value: 'u/b' },
      { kind: 'id', value: '7' },
    ]);
    expect(owned).toEqual([
      { kind: 'email', value: 'a@x.com' },
      { kind: 'id', value: '7' },
    ]);
  });

  it('lets later items match what earlier items of the batch created or attached', () => {
    const sut = new IdentityResolver([], ids());
    const first = sut.resolve([{ kind: 'email', value: 'n@x.com' }]).entityId;
    const second = sut.resolve([
      { kind: 'email', value: 'n@x.com' },
      { kind: 'url', value: 'u/n' },
    ]).entityId;
    const third = sut.resolve([{ kind: 'url', value: 'u/n' }]).entityId;
    expect([first, second, third]).toEqual(['new-1', 'new-1', 'new-1']);
    expect(sut.newEntityIds).toEqual(['new-1']);
    expect(sut.claims).toHaveLength(2);
  });
});
