import { foldSenderItems } from './fold-sender-items';
import { SenderItem } from './parse-sender-item';

const email = (sender: string, extra: Partial<SenderItem> = {}): SenderItem => ({
  sender,
  type: 'email',
  emailDomain: sender.split('@')[1],
  attributes: {},
  ...extra,
});

describe('foldSenderItems', () => {
  it('returns nothing for no items', () => {
    expect(foldSenderItems([])).toEqual([]);
  });

  it('sorts writes by sender (the lock order) and counts one occurrence each', () => {
    const writes = foldSenderItems([email('c@x.com'), email('a@x.com'), email('b@x.com')]);
    expect(writes.map((w) => [w.sender, w.occurrences])).toEqual([
      ['a@x.com', 1],
      ['b@x.com', 1],
      ['c@x.com', 1],
    ]);
  });

  it('folds items of one sender in array order: later values win, unsent fields survive', () => {
    const [write] = foldSenderItems([
      email('a@x.com', { attributes: { sender_name: 'First', platform: 'clay' } }),
      email('a@x.com', { attributes: { sender_name: 'Second', email_reseller: null } }),
      email('a@x.com', { attributes: { email_server: 'zoho' } }),
    ]);
    expect(write).toEqual({
      sender: 'a@x.com',
      type: 'email',
      emailDomain: 'x.com',
      attributes: {
        sender_name: 'Second',
        platform: 'clay',
        email_reseller: null,
        email_server: 'zoho',
      },
      occurrences: 3,
    });
    expect(write).not.toHaveProperty('workspaceId');
  });

  it.each<[string, (string | null | undefined)[], string | null | undefined]>([
    ['never sent', [undefined, undefined], undefined],
    ['sent then omitted', ['ws-1', undefined], 'ws-1'],
    ['moved twice', ['ws-1', 'ws-2'], 'ws-2'],
    ['moved then unassigned', ['ws-1', null], null],
    ['unassigned then moved', [null, 'ws-3'], 'ws-3'],
  ])('workspace: %s', (_name, workspaces, expected) => {
    const items = workspaces.map((workspaceId) =>
      workspaceId === undefined ? email('a@x.com') : email('a@x.com', { workspaceId }),
    );
    const [write] = foldSenderItems(items);
    expect(write.workspaceId).toBe(expected);
    expect('workspaceId' in write).toBe(expected !== undefined);
  });

  it('does not mutate the items it folds', () => {
    const first = email('a@x.com', { attributes: { sender_name: 'First' } });
    foldSenderItems([first, email('a@x.com', { attributes: { sender_name: 'Second' } })]);
    expect(first.attributes).toEqual({ sender_name: 'First' });
  });
});
