import { parseSenderChange } from './parse-sender-change';

describe('parseSenderChange', () => {
  it.each([
    [{ workspace_id: ' ws-1 ' }, { workspaceId: 'ws-1', attributes: {} }],
    [{ workspace_id: null }, { workspaceId: null, attributes: {} }],
    [
      { workspace_id: '', sender_name: 'Anna', email_reseller: null },
      { attributes: { sender_name: 'Anna', email_reseller: null } },
    ],
    [{ email_server: 'custom_mta' }, { attributes: { email_server: 'custom_mta' } }],
  ])('%j', (body, expected) => {
    expect(parseSenderChange(body)).toEqual({ ok: true, item: expected });
  });

  it.each([
    [[], [/JSON object/]],
    [null, [/JSON object/]],
    [{}, [/at least one of workspace_id/]],
    [{ workspace_id: '' }, [/at least one of/]],
    [
      { sender: 'a@x.com', platform: 'x' },
      [/sender cannot be changed/, /platform cannot be changed/],
    ],
    [{ workspace_id: 1, sender_name: 'a\u0000' }, [/workspace_id must be a string/, /NUL/]],
    [{ email_reseller: 'x'.repeat(256) }, [/at most 255/]],
  ])('rejects %j', (body, messages) => {
    const result = parseSenderChange(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(messages.length);
    messages.forEach((message, i) => expect(result.errors[i].msg).toMatch(message));
  });
});
