import { Client } from 'pg';
import { startTestApp, TestApp } from '../support/test-app';

describe('POST /v1/senders (e2e)', () => {
  let sut: TestApp;
  let apiKey: string;
  let accountId: string;

  beforeAll(async () => {
    sut = await startTestApp({ MAX_BATCH_ITEMS: '1500' });
    ({ apiKey, accountId } = await sut.newAccount());
  });

  afterAll(async () => {
    await sut.close();
  });

  const post = (body: unknown, key = apiKey) =>
    sut.http
      .post('/v1/senders')
      .set('x-api-key', key)
      .send(body as object);

  async function row(sender: string, account = accountId) {
    const rows = await sut.dataSource.query(
      `SELECT s.*, w.workspace_id AS workspace FROM senders s
         LEFT JOIN workspaces w ON w.account_id = s.account_id AND w.id = s.workspace_id
        WHERE s.account_id = $1 AND s.sender = $2`,
      [account, sender],
    );
    return rows[0];
  }

  it('creates one sender and answers the full result shape', async () => {
    const response = await post({ sender: 'Create.One@Example.com', sender_name: 'One' }).expect(
      200,
    );
    expect(response.body).toEqual({
      success: 1,
      total: 1,
      errors: { count: 0, details: [] },
      breakdown: { created: 1, updated: 0, total: 1 },
    });
    const stored = await row('create.one@example.com');
    expect(stored).toMatchObject({
      type: 'email',
      email_domain: 'example.com',
      sender_name: 'One',
      workspace_id: null,
    });
  });

  it('updates an existing sender and counts it as updated', async () => {
    await post({ sender: 'update.me@example.com', sender_name: 'Before' }).expect(200);
    const response = await post({ sender: 'UPDATE.me@example.com', sender_name: 'After' }).expect(
      200,
    );
    expect(response.body.breakdown).toEqual({ created: 0, updated: 1, total: 1 });
    expect((await row('update.me@example.com')).sender_name).toBe('After');
  });

  it('counts created and updated for an array body', async () => {
    await post({ sender: 'array.old@example.com' }).expect(200);
    const response = await post([
      { sender: 'array.old@example.com' },
      { sender: 'array.new1@example.com' },
      { sender: 'https://linkedin.com/in/array-new2/' },
    ]).expect(200);
    expect(response.body).toMatchObject({
      success: 3,
      total: 3,
      breakdown: { created: 2, updated: 1, total: 3 },
    });
  });

  it('creates once then updates when one array names the same sender twice', async () => {
    const response = await post([
      { sender: 'twice@example.com', sender_name: 'First', platform: 'clay' },
      { sender: ' TWICE@example.com ', sender_name: 'Second' },
    ]).expect(200);
    expect(response.body.breakdown).toEqual({ created: 1, updated: 1, total: 2 });
    expect(await row('twice@example.com')).toMatchObject({
      sender_name: 'Second',
      platform: 'clay',
    });
  });

  describe('type detection', () => {
    it.each([
      ['detect.email@example.com', 'email', 'detect.email@example.com'],
      [
        'https://www.linkedin.com/in/Detect-Me',
        'linkedin',
        'https://www.linkedin.com/in/detect-me',
      ],
    ])('detects %s as %s', async (sender, type, canonical) => {
      await post({ sender }).expect(200);
      const stored = await row(canonical);
      expect(stored.type).toBe(type);
      expect(stored.email_domain).toBe(type === 'email' ? 'example.com' : null);
    });

    it('accepts a declared type that matches', async () => {
      await post({ sender: 'declared@example.com', type: 'email' }).expect(200);
      await post({ sender: 'linkedin.com/in/declared-li', type: 'LinkedIn' }).expect(200);
    });

    it.each([
      [{ sender: 'not a sender' }, /cannot detect sender type/],
      [{ sender: 'https://example.com/in/someone' }, /cannot detect sender type/],
      [{ sender: 'contradict@example.com', type: 'linkedin' }, /type is 'linkedin'/],
      [{ sender: 'https://www.linkedin.com/in/contra', type: 'email' }, /type is 'email'/],
      [{ sender: 'x@example.com', type: 'fax' }, /type must be/],
      [{}, /sender is required/],
    ])('rejects %j with 422', async (body, message) => {
      const response = await post(body).expect(422);
      expect(response.body).toMatchObject({
        success: 0,
        total: 1,
        errors: { count: 1 },
        breakdown: { created: 0, updated: 0, total: 0 },
      });
      expect(response.body.errors.details[0].index).toBe(0);
      expect(response.body.errors.details[0].error[0].msg).toMatch(message);
      expect(response.body.errors.details[0].error[0].type).toBe(
        'sender' in body ? 'value_error' : 'missing',
      );
    });
  });

  describe('workspaces', () => {
    it('puts a new sender without workspace_id in Unassigned and keeps it unchanged on update', async () => {
      await post({ sender: 'unassigned@example.com' }).expect(200);
      expect((await row('unassigned@example.com')).workspace).toBeNull();
      await post({ sender: 'assigned@example.com', workspace_id: 'ws-1' }).expect(200);
      await post({ sender: 'assigned@example.com', sender_name: 'No workspace sent' }).expect(200);
      expect((await row('assigned@example.com')).workspace).toBe('ws-1');
    });

    it('moves a sender through the upsert and back to Unassigned with null', async () => {
      await post({ sender: 'mover@example.com', workspace_id: 'ws-a' }).expect(200);
      await post({ sender: 'mover@example.com', workspace_id: 'ws-b' }).expect(200);
      expect((await row('mover@example.com')).workspace).toBe('ws-b');
      await post({ sender: 'mover@example.com', workspace_id: '' }).expect(200);
      expect((await row('mover@example.com')).workspace).toBe('ws-b');
      await post({ sender: 'mover@example.com', workspace_id: null }).expect(200);
      expect((await row('mover@example.com')).workspace).toBeNull();
    });

    it('creates the workspace once for many senders', async () => {
      await post([
        { sender: 'ws.shared1@example.com', workspace_id: 'ws-shared' },
        { sender: 'ws.shared2@example.com', workspace_id: 'ws-shared' },
      ]).expect(200);
      const workspaces = await sut.dataSource.query(
        `SELECT id FROM workspaces WHERE account_id = $1 AND workspace_id = 'ws-shared'`,
        [accountId],
      );
      expect(workspaces).toHaveLength(1);
    });
  });

  describe('metadata', () => {
    it('keeps custom reseller and server values as sent (trimmed)', async () => {
      await post({
        sender: 'custom@example.com',
        email_reseller: '  My Vendor GmbH ',
        email_server: 'self_hosted_postfix',
      }).expect(200);
      expect(await row('custom@example.com')).toMatchObject({
        email_reseller: 'My Vendor GmbH',
        email_server: 'self_hosted_postfix',
      });
    });

    it('treats "" as not sent and null as clear', async () => {
      await post({
        sender: 'meta@example.com',
        sender_name: 'Meta',
        email_reseller: 'cheap_inboxes',
        platform: 'clay',
      }).expect(200);
      await post({ sender: 'meta@example.com', sender_name: '', email_reseller: null }).expect(200);
      expect(await row('meta@example.com')).toMatchObject({
        sender_name: 'Meta',
        email_reseller: null,
        platform: 'clay',
      });
    });

    it('rejects reseller/server on a LinkedIn sender, and NUL characters', async () => {
      const response = await post([
        { sender: 'https://www.linkedin.com/in/li-reseller', email_reseller: 'cheap_inboxes' },
        { sender: 'nul@example.com', sender_name: 'a\u0000b' },
      ]).expect(422);
      expect(response.body.errors.details.map((d: { index: number }) => d.index)).toEqual([0, 1]);
      expect(response.body.errors.details[0].error[0].msg).toMatch(/only to email senders/);
      expect(response.body.errors.details[1].error[0].msg).toMatch(/NUL/);
    });
  });

  describe('per-item errors and statuses', () => {
    it('answers 207 with every failed index of a mixed array, writing the valid items', async () => {
      const response = await post([
        { sender: 'mixed.ok1@example.com' },
        'not an object',
        { sender: 'nope' },
        null,
        [{ sender: 'nested@example.com' }],
        { sender: 'mixed.ok2@example.com', sender_name: 5 },
        { sender: 'mixed.ok3@example.com', workspace_id: 'ws-mixed' },
      ]).expect(207);
      expect(response.body).toMatchObject({
        success: 2,
        total: 7,
        errors: { count: 5 },
        breakdown: { created: 2, updated: 0, total: 2 },
      });
      const details = response.body.errors.details;
      expect(details.map((d: { index: number }) => d.index)).toEqual([1, 2, 3, 4, 5]);
      expect(details[0].error).toEqual([{ msg: 'item must be a JSON object', type: 'type_error' }]);
      expect(details[4].error).toEqual([
        { msg: 'sender_name must be a string', type: 'type_error' },
      ]);
      expect(await row('mixed.ok3@example.com')).toBeDefined();
      expect(await row('mixed.ok2@example.com')).toBeUndefined();
    });

    it('answers 422 when every item fails and writes nothing', async () => {
      const response = await post([{ sender: 'bad' }, 42]).expect(422);
      expect(response.body).toMatchObject({ success: 0, total: 2, errors: { count: 2 } });
    });

    it('answers 200 with zero counts for an empty array', async () => {
      const response = await post([]).expect(200);
      expect(response.body).toMatchObject({ success: 0, total: 0, breakdown: { total: 0 } });
    });

    it('answers 401 without a valid key', async () => {
      const response = await post({ sender: 'x@example.com' }, 'wrong').expect(401);
      expect(Object.keys(response.body)).toEqual(['error']);
    });

    it('answers 400 for malformed JSON and for a top-level scalar', async () => {
      const malformed = await sut.http
        .post('/v1/senders')
        .set('x-api-key', apiKey)
        .set('content-type', 'application/json')
        .send('{"sender": ')
        .expect(400);
      expect(malformed.body.error).toMatch(/Malformed JSON/);
      await sut.http
        .post('/v1/senders')
        .set('x-api-key', apiKey)
        .set('content-type', 'application/json')
        .send('"just a string"')
        .expect(400);
      await sut.http.post('/v1/senders').set('x-api-key', apiKey).expect(400);
    });

    it('answers 413 naming the limit when the array exceeds MAX_BATCH_ITEMS', async () => {
      const items = Array.from({ length: 1501 }, (_, i) => ({ sender: `big${i}@example.com` }));
      const response = await post(items).expect(413);
      expect(response.body.error).toMatch(/1500/);
      expect(response.body.error).toMatch(/MAX_BATCH_ITEMS/);
    });
  });

  it('counts exactly one creation across 20 concurrent requests for one new sender', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({ sender: 'race@example.com', sender_name: `racer ${i}`, workspace_id: 'ws-race' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const created = responses.reduce((sum, r) => sum + r.body.breakdown.created, 0);
    const updated = responses.reduce((sum, r) => sum + r.body.breakdown.updated, 0);
    expect(created).toBe(1);
    expect(updated).toBe(19);
    const rows = await sut.dataSource.query(
      `SELECT count(*)::int AS n FROM senders WHERE account_id = $1 AND sender = 'race@example.com'`,
      [accountId],
    );
    expect(rows[0].n).toBe(1);
    expect((await row('race@example.com')).workspace).toBe('ws-race');
  });

  it('survives concurrent overlapping batches (lock order, deadlock retry)', async () => {
    const senders = Array.from({ length: 50 }, (_, i) => `overlap${i}@example.com`);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(
          (i % 2 ? [...senders].reverse() : senders).map((sender) => ({
            sender,
            workspace_id: `ws-overlap-${i % 3}`,
          })),
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(responses.reduce((sum, r) => sum + r.body.breakdown.created, 0)).toBe(50);
  });

  describe('statement count', () => {
    async function statementsFor(body: unknown): Promise<number> {
      const spy = jest.spyOn(Client.prototype, 'query');
      try {
        await post(body).expect(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    }

    const batch = (size: number, tag: string) =>
      Array.from({ length: size }, (_, i) => ({
        sender: `${tag}${i}@example.com`,
        workspace_id: `ws-${tag}-${i % 7}`,
        email_reseller: 'cheap_inboxes',
      }));

    it('does not grow with the array size (10 vs 1,000 items, create and update)', async () => {
      // Warm-up: the guard records the key's last use at most once a minute, outside the count.
      await post({ sender: 'warmup@example.com' }).expect(200);
      const small = await statementsFor(batch(10, 'small'));
      const large = await statementsFor(batch(1000, 'large'));
      const largeAgain = await statementsFor(batch(1000, 'large'));
      expect(small).toBeGreaterThan(0);
      expect(large).toBe(small);
      // Updates take the second (UPDATE ... FROM unnest) statement instead of creating.
      expect(largeAgain).toBe(small + 1);
      const count = await sut.dataSource.query(
        `SELECT count(*)::int AS n FROM senders WHERE account_id = $1 AND sender LIKE 'large%'`,
        [accountId],
      );
      expect(count[0].n).toBe(1000);
    });
  });
});
