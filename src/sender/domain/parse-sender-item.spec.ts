import { FieldError, missingError, typeError, valueError } from '../../shared/domain/field';
import {
  SENDER_FIELD_MAX_LENGTHS,
  SUGGESTED_EMAIL_RESELLERS,
  SUGGESTED_EMAIL_SERVERS,
  SenderItem,
  parseSenderItem,
} from './parse-sender-item';

const EMAIL_SENDER = { sender: 'Rep@Acme.io' };
const LINKEDIN_SENDER = { sender: 'https://fr.linkedin.com/in/Sales-Rep/' };
const CANNOT_DETECT =
  'cannot detect sender type: sender must be an email address or a LinkedIn profile URL';

function itemOf(raw: unknown): SenderItem {
  const result = parseSenderItem(raw);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.item;
}

function errorsOf(raw: unknown): FieldError[] {
  const result = parseSenderItem(raw);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.item)}`);
  return result.errors;
}

describe('parseSenderItem', () => {
  it.each([[5], [null], ['rep@acme.io'], [false], [[]], [[EMAIL_SENDER]]])(
    '%j fails with a single type_error',
    (raw) => {
      expect(errorsOf(raw)).toEqual([typeError('item must be a JSON object')]);
    },
  );

  describe('sender and type', () => {
    it.each<[string, Record<string, unknown>, Omit<SenderItem, 'attributes'>]>([
      [
        'email detected',
        { sender: ' Rep@Acme.IO ' },
        { sender: 'rep@acme.io', type: 'email', emailDomain: 'acme.io' },
      ],
      [
        'LinkedIn detected',
        LINKEDIN_SENDER,
        { sender: 'https://www.linkedin.com/in/sales-rep', type: 'linkedin', emailDomain: null },
      ],
      [
        'email declared',
        { ...EMAIL_SENDER, type: 'email' },
        { sender: 'rep@acme.io', type: 'email', emailDomain: 'acme.io' },
      ],
      [
        'LinkedIn declared, case and spaces ignored',
        { ...LINKEDIN_SENDER, type: ' LinkedIn ' },
        { sender: 'https://www.linkedin.com/in/sales-rep', type: 'linkedin', emailDomain: null },
      ],
      [
        'type "" is detected',
        { ...EMAIL_SENDER, type: '' },
        { sender: 'rep@acme.io', type: 'email', emailDomain: 'acme.io' },
      ],
      [
        'type null is detected',
        { ...LINKEDIN_SENDER, type: null },
        { sender: 'https://www.linkedin.com/in/sales-rep', type: 'linkedin', emailDomain: null },
      ],
    ])('%s', (_name, raw, expected) => {
      expect(itemOf(raw)).toEqual({ ...expected, attributes: {} });
    });

    it.each<[string, Record<string, unknown>, FieldError[]]>([
      ['sender missing', {}, [missingError('sender is required')]],
      ['sender ""', { sender: '  ' }, [missingError('sender is required')]],
      ['sender null', { sender: null }, [missingError('sender is required')]],
      ['sender a number', { sender: 42 }, [typeError('sender must be a string')]],
      ['sender an object', { sender: { email: 'a@b.c' } }, [typeError('sender must be a string')]],
      ['sender undetectable', { sender: 'Sales Rep' }, [valueError(CANNOT_DETECT)]],
      [
        'sender a company page',
        { sender: 'https://www.linkedin.com/company/acme' },
        [valueError(CANNOT_DETECT)],
      ],
      [
        'type linkedin contradicts an email',
        { ...EMAIL_SENDER, type: 'linkedin' },
        [
          valueError(
            "type is 'linkedin' but sender is not a LinkedIn profile URL (expected https://www.linkedin.com/in/<slug>)",
          ),
        ],
      ],
      [
        'type email contradicts a LinkedIn URL',
        { ...LINKEDIN_SENDER, type: 'email' },
        [valueError("type is 'email' but sender is not a valid email address")],
      ],
      [
        'type email with garbage',
        { sender: 'nope', type: 'email' },
        [valueError("type is 'email' but sender is not a valid email address")],
      ],
      [
        'type unknown',
        { ...EMAIL_SENDER, type: 'sms' },
        [valueError("type must be 'email' or 'linkedin'")],
      ],
      [
        'type unknown and sender undetectable',
        { sender: 'nope', type: 'sms' },
        [valueError("type must be 'email' or 'linkedin'"), valueError(CANNOT_DETECT)],
      ],
      ['type a number', { ...EMAIL_SENDER, type: 1 }, [typeError('type must be a string')]],
      [
        'sender missing and type unknown',
        { type: 'fax' },
        [missingError('sender is required'), valueError("type must be 'email' or 'linkedin'")],
      ],
      [
        'sender with NUL',
        { sender: 'rep@acme.io\u0000' },
        [valueError('sender must not contain NUL characters')],
      ],
    ])('%s', (_name, raw, expected) => {
      expect(errorsOf(raw)).toEqual(expected);
    });
  });

  describe('workspace_id', () => {
    it.each<[string, Record<string, unknown>, string | null | undefined]>([
      ['omitted (create: Unassigned, update: unchanged)', {}, undefined],
      ['"" (not sent)', { workspace_id: ' ' }, undefined],
      ['null (move to Unassigned)', { workspace_id: null }, null],
      ['a value, trimmed, case kept', { workspace_id: ' WS-1 ' }, 'WS-1'],
    ])('%s', (_name, fields, expected) => {
      const item = itemOf({ ...EMAIL_SENDER, ...fields });
      expect(item.workspaceId).toBe(expected);
      expect('workspaceId' in item).toBe(expected !== undefined);
    });

    it.each<[unknown, FieldError]>([
      [12, typeError('workspace_id must be a string')],
      ['w'.repeat(256), valueError('workspace_id must be at most 255 characters')],
    ])('%j is rejected', (workspaceId, expected) => {
      expect(errorsOf({ ...EMAIL_SENDER, workspace_id: workspaceId })).toEqual([expected]);
    });
  });

  describe('metadata', () => {
    it('builds a patch: custom values kept, trimmed, "" untouched, null cleared', () => {
      expect(
        itemOf({
          ...EMAIL_SENDER,
          sender_name: ' Rep One ',
          email_server: 'My Own Postfix',
          email_reseller: '',
          platform: null,
        }).attributes,
      ).toEqual({ sender_name: 'Rep One', email_server: 'My Own Postfix', platform: null });
    });

    it.each([...SUGGESTED_EMAIL_RESELLERS])('suggested reseller %s is accepted', (reseller) => {
      expect(itemOf({ ...EMAIL_SENDER, email_reseller: reseller }).attributes.email_reseller).toBe(
        reseller,
      );
    });

    it.each([...SUGGESTED_EMAIL_SERVERS])('suggested server %s is accepted', (server) => {
      expect(itemOf({ ...EMAIL_SENDER, email_server: server }).attributes.email_server).toBe(
        server,
      );
    });

    it.each([['email_server'], ['email_reseller']])(
      '%s with a value is rejected for a LinkedIn sender; null and "" are not',
      (field) => {
        expect(errorsOf({ ...LINKEDIN_SENDER, [field]: 'google_workspace' })).toEqual([
          valueError(`${field} applies only to email senders (sender is a LinkedIn profile URL)`),
        ]);
        expect(itemOf({ ...LINKEDIN_SENDER, [field]: null }).attributes).toEqual({ [field]: null });
        expect(itemOf({ ...LINKEDIN_SENDER, [field]: '' }).attributes).toEqual({});
      },
    );

    it('accepts sender_name and platform for a LinkedIn sender', () => {
      expect(
        itemOf({ ...LINKEDIN_SENDER, sender_name: 'Rep', platform: 'heyreach' }).attributes,
      ).toEqual({
        sender_name: 'Rep',
        platform: 'heyreach',
      });
    });

    it.each<[string, unknown, FieldError]>([
      ['sender_name', 5, typeError('sender_name must be a string')],
      ['email_server', { name: 'x' }, typeError('email_server must be a string')],
      ['email_reseller', ['a'], typeError('email_reseller must be a string')],
      ['platform', true, typeError('platform must be a string')],
      ['sender_name', 'Rep\u0000', valueError('sender_name must not contain NUL characters')],
      [
        'email_reseller',
        'x\uDC00',
        valueError('email_reseller must be well-formed Unicode (it contains a lone surrogate)'),
      ],
    ])('%s = %j is rejected', (field, value, expected) => {
      expect(errorsOf({ ...EMAIL_SENDER, [field]: value })).toEqual([expected]);
    });
  });

  describe('maximum lengths', () => {
    it.each(Object.entries(SENDER_FIELD_MAX_LENGTHS))(
      '%s is at most %d characters',
      (field, max) => {
        expect(errorsOf({ ...EMAIL_SENDER, [field]: 'x'.repeat(max + 1) })).toContainEqual(
          valueError(`${field} must be at most ${max} characters`),
        );
      },
    );

    it.each([['sender_name'], ['email_server'], ['email_reseller'], ['platform']])(
      '%s accepts exactly 255 characters',
      (field) => {
        expect(parseSenderItem({ ...EMAIL_SENDER, [field]: 'é'.repeat(255) }).ok).toBe(true);
      },
    );
  });

  it('ignores unknown fields and never reads through "__proto__"', () => {
    const raw = JSON.parse(
      '{"sender": "rep@acme.io", "colour": "red", "__proto__": {"workspace_id": "evil", "sender_name": "Eve", "type": "linkedin"}}',
    );
    expect(itemOf(raw)).toEqual({
      sender: 'rep@acme.io',
      type: 'email',
      emailDomain: 'acme.io',
      attributes: {},
    });
    expect(({} as Record<string, unknown>).workspace_id).toBeUndefined();
  });

  it('collects every problem of an item', () => {
    expect(
      errorsOf({ type: 'pigeon', workspace_id: 3, sender_name: 'x'.repeat(300), platform: {} }),
    ).toEqual([
      missingError('sender is required'),
      valueError("type must be 'email' or 'linkedin'"),
      typeError('workspace_id must be a string'),
      valueError('sender_name must be at most 255 characters'),
      typeError('platform must be a string'),
    ]);
  });
});
