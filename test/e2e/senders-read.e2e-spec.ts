import { startTestApp, TestApp } from '../support/test-app';

interface SenderJson {
  id: string;
  sender: string;
  workspace_id: string | null;
  [field: string]: unknown;
}

describe('reading, reassigning and summarising senders (e2e)', () => {
  let sut: TestApp;
  let keyA: string;
  let keyB: string;

  beforeAll(async () => {
    sut = await startTestApp();
    keyA = (await sut.newAccount()).apiKey;
    keyB = (await sut.newAccount()).apiKey;
    await sut.http
      .post('/v1/senders')
      .set('x-api-key', keyA)
      .send([
        {
          sender: 'a1@alpha.com',
          workspace_id: 'ws-eu',
          email_reseller: 'cheap_inboxes',
          email_server: 'google_workspace',
        },
        {
          sender: 'a2@alpha.com',
          workspace_id: 'ws-eu',
          email_reseller: 'cheap_inboxes',
          email_server: 'microsoft_365',
        },
        {
          sender: 'a3@beta.com',
          email_reseller: 'premium_inboxes',
          email_server: 'google_workspace',
        },
        { sender: 'a4@beta.com', workspace_id: 'ws-us', email_reseller: 'My Vendor' },
        {
          sender: 'https://www.linkedin.com/in/alpha-li',
          sender_name: 'Alpha LI',
          platform: 'heyreach',
        },
      ])
      .expect(200);
    await sut.http
      .post('/v1/senders')
      .set('x-api-key', keyB)
      .send([
        { sender: 'b1@gamma.com', workspace_id: 'ws-eu', email_reseller: 'ci_aged' },
        { sender: 'a1@alpha.com', email_reseller: 'b_reseller' },
      ])
      .expect(200);
  });

  afterAll(async () => {
    await sut.close();
  });

  const get = (path: string, key = keyA) => sut.http.get(path).set('x-api-key', key);
  const patch = (id: string, body: unknown, key = keyA) =>
    sut.http
      .patch(`/v1/senders/${id}`)
      .set('x-api-key', key)
      .send(body as object);
  const senders = (body: { data: SenderJson[] }) => body.data.map((s) => s.sender);

  async function idOf(sender: string, key = keyA): Promise<string> {
    const response = await get(`/v1/senders?sender=${encodeURIComponent(sender)}`, key).expect(200);
    expect(response.body.data).toHaveLength(1);
    return response.body.data[0].id;
  }

  describe('GET /v1/senders', () => {
    it('lists the account’s senders with every field, ordered by sender', async () => {
      const response = await get('/v1/senders').expect(200);
      expect(senders(response.body)).toEqual([
        'a1@alpha.com',
        'a2@alpha.com',
        'a3@beta.com',
        'a4@beta.com',
        'https://www.linkedin.com/in/alpha-li',
      ]);
      expect(response.body.next_cursor).toBeNull();
      expect(response.body.data[0]).toEqual({
        id: expect.any(String),
        sender: 'a1@alpha.com',
        type: 'email',
        workspace_id: 'ws-eu',
        sender_name: null,
        email_server: 'google_workspace',
        email_reseller: 'cheap_inboxes',
        email_domain: 'alpha.com',
        platform: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(response.body.data[4]).toMatchObject({
        type: 'linkedin',
        workspace_id: null,
        email_domain: null,
        sender_name: 'Alpha LI',
      });
    });

    it.each([
      ['sender=A1%40ALPHA.com', ['a1@alpha.com']],
      ['sender=linkedin.com%2Fin%2FAlpha-LI%2F', ['https://www.linkedin.com/in/alpha-li']],
      ['workspace_id=ws-eu', ['a1@alpha.com', 'a2@alpha.com']],
      ['workspace_id=unknown', []],
      ['unassigned=true', ['a3@beta.com', 'https://www.linkedin.com/in/alpha-li']],
      ['type=linkedin', ['https://www.linkedin.com/in/alpha-li']],
      ['type=email&workspace_id=ws-us', ['a4@beta.com']],
    ])('filters by %s', async (query, expected) => {
      const response = await get(`/v1/senders?${query}`).expect(200);
      expect(senders(response.body)).toEqual(expected);
    });

    it('pages with an opaque cursor', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const response = await get(`/v1/senders?limit=2${query}`).expect(200);
        expect(response.body.data.length).toBeLessThanOrEqual(2);
        seen.push(...senders(response.body));
        cursor = response.body.next_cursor;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
    });

    it.each([
      'limit=0',
      'limit=501',
      'limit=abc',
      'type=fax',
      'unassigned=yes',
      'cursor=garbage!',
      'cursor=bm9wZQ',
      'sender=not-a-sender',
      'unassigned=true&workspace_id=ws-eu',
    ])('answers 400 for %s', async (query) => {
      const response = await get(`/v1/senders?${query}`).expect(400);
      expect(typeof response.body.error).toBe('string');
    });
  });

  describe('GET /v1/senders/{id}', () => {
    it('returns one sender', async () => {
      const id = await idOf('a3@beta.com');
      const response = await get(`/v1/senders/${id}`).expect(200);
      expect(response.body).toMatchObject({ id, sender: 'a3@beta.com', workspace_id: null });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      await get('/v1/senders/7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11').expect(404);
      await get('/v1/senders/not-a-uuid').expect(400);
    });
  });

  describe('PATCH /v1/senders/{id}', () => {
    it('moves a sender to a workspace and back to Unassigned with null', async () => {
      const id = await idOf('a3@beta.com');
      const moved = await patch(id, { workspace_id: 'ws-new' }).expect(200);
      expect(moved.body).toMatchObject({
        id,
        workspace_id: 'ws-new',
        email_reseller: 'premium_inboxes',
      });
      expect(senders((await get('/v1/senders?workspace_id=ws-new').expect(200)).body)).toEqual([
        'a3@beta.com',
      ]);
      const back = await patch(id, { workspace_id: null }).expect(200);
      expect(back.body.workspace_id).toBeNull();
      expect((await get(`/v1/senders/${id}`).expect(200)).body.workspace_id).toBeNull();
    });

    it('fixes metadata without moving the sender ("" unchanged, null clears)', async () => {
      const id = await idOf('a1@alpha.com');
      const response = await patch(id, {
        sender_name: 'Anna',
        email_reseller: 'custom_reseller',
        email_server: null,
      }).expect(200);
      expect(response.body).toMatchObject({
        workspace_id: 'ws-eu',
        sender_name: 'Anna',
        email_reseller: 'custom_reseller',
        email_server: null,
      });
      const again = await patch(id, { sender_name: '', email_reseller: 'cheap_inboxes' }).expect(
        200,
      );
      expect(again.body.sender_name).toBe('Anna');
    });

    it.each([
      [{}, /at least one/],
      [{ sender: 'other@alpha.com' }, /sender cannot be changed/],
      [{ workspace_id: 5 }, /workspace_id must be a string/],
      [[{ workspace_id: 'x' }], /JSON object/],
    ])('answers 400 for %j', async (body, message) => {
      const id = await idOf('a2@alpha.com');
      const response = await patch(id, body).expect(400);
      expect(response.body.error).toMatch(message);
    });

    it('rejects email_reseller on a LinkedIn sender', async () => {
      const id = await idOf('https://www.linkedin.com/in/alpha-li');
      const response = await patch(id, { email_reseller: 'cheap_inboxes' }).expect(400);
      expect(response.body.error).toMatch(/only to email senders/);
    });

    it('answers 404 for an unknown id', async () => {
      await patch('7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11', { workspace_id: null }).expect(404);
    });
  });

  describe('GET /v1/senders/summary', () => {
    it('counts per email_reseller', async () => {
      const response = await get('/v1/senders/summary?group_by=email_reseller').expect(200);
      expect(response.body.group_by).toBe('email_reseller');
      expect(response.body.total).toBe(5);
      const counts = Object.fromEntries(
        response.body.data.map((row: { value: string | null; count: number }) => [
          String(row.value),
          row.count,
        ]),
      );
      expect(counts).toMatchObject({ 'My Vendor': 1, null: 1 });
      expect(Object.values(counts).reduce((a, b) => (a as number) + (b as number), 0)).toBe(5);
    });

    it.each([
      ['type', { email: 4, linkedin: 1 }],
      ['email_domain', { 'alpha.com': 2, 'beta.com': 2, null: 1 }],
    ])('counts per %s', async (groupBy, expected) => {
      const response = await get(`/v1/senders/summary?group_by=${groupBy}`).expect(200);
      const counts = Object.fromEntries(
        response.body.data.map((row: { value: string | null; count: number }) => [
          String(row.value),
          row.count,
        ]),
      );
      expect(counts).toEqual(expected);
    });

    it('counts per workspace_id with null for Unassigned Senders', async () => {
      const response = await get('/v1/senders/summary?group_by=workspace_id').expect(200);
      const total = response.body.data.reduce(
        (sum: number, row: { count: number }) => sum + row.count,
        0,
      );
      expect(total).toBe(5);
      expect(response.body.data).toContainEqual({ value: 'ws-us', count: 1 });
      expect(response.body.data.some((row: { value: unknown }) => row.value === null)).toBe(true);
    });

    it('answers 400 for a missing or unknown group_by', async () => {
      await get('/v1/senders/summary').expect(400);
      await get('/v1/senders/summary?group_by=platform').expect(400);
    });
  });

  describe('tenant isolation', () => {
    it('never shows another account’s senders in the list, the filters or the summary', async () => {
      expect(senders((await get('/v1/senders', keyB).expect(200)).body)).toEqual([
        'a1@alpha.com',
        'b1@gamma.com',
      ]);
      expect(senders((await get('/v1/senders?workspace_id=ws-eu', keyB).expect(200)).body)).toEqual(
        ['b1@gamma.com'],
      );
      const summary = await get('/v1/senders/summary?group_by=email_reseller', keyB).expect(200);
      expect(summary.body.data).toEqual(
        expect.arrayContaining([
          { value: 'ci_aged', count: 1 },
          { value: 'b_reseller', count: 1 },
        ]),
      );
      expect(summary.body.total).toBe(2);
    });

    it('keeps the same sender separate per account', async () => {
      const idA = await idOf('a1@alpha.com', keyA);
      const idB = await idOf('a1@alpha.com', keyB);
      expect(idA).not.toBe(idB);
      expect((await get(`/v1/senders/${idB}`, keyB).expect(200)).body.email_reseller).toBe(
        'b_reseller',
      );
    });

    it('answers 404 for another account’s sender id on GET and PATCH, changing nothing', async () => {
      const idA = await idOf('a2@alpha.com', keyA);
      const get404 = await get(`/v1/senders/${idA}`, keyB).expect(404);
      expect(Object.keys(get404.body)).toEqual(['error']);
      await patch(idA, { workspace_id: 'stolen' }, keyB).expect(404);
      expect((await get(`/v1/senders/${idA}`, keyA).expect(200)).body.workspace_id).toBe('ws-eu');
      const workspaces = await sut.dataSource.query(
        `SELECT 1 FROM workspaces WHERE workspace_id = 'stolen'`,
      );
      expect(workspaces).toHaveLength(0);
    });

    it('answers 401 on every route without a key', async () => {
      await sut.http.get('/v1/senders').expect(401);
      await sut.http.get('/v1/senders/summary?group_by=type').expect(401);
      await sut.http.get('/v1/senders/7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11').expect(401);
      await sut.http.patch('/v1/senders/7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11').send({}).expect(401);
    });
  });
});

describe('OpenAPI of the sender routes (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('documents every route, response and field with an example', async () => {
    const doc = (await sut.http.get('/docs-json').expect(200)).body;
    const paths = doc.paths;
    expect(Object.keys(paths['/v1/senders'].post.responses).sort()).toEqual(
      ['200', '207', '400', '401', '413', '422', '429'].sort(),
    );
    expect(
      paths['/v1/senders'].post.requestBody.content['application/json'].schema.oneOf,
    ).toHaveLength(2);
    expect(Object.keys(paths['/v1/senders/{id}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
    expect(Object.keys(paths['/v1/senders/{id}'].patch.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
    expect(paths['/v1/senders/summary'].get.responses['200']).toBeDefined();
    const schemas = doc.components.schemas;
    for (const name of [
      'SenderInputDto',
      'SenderDto',
      'SenderUpsertResultDto',
      'UpdateSenderDto',
    ]) {
      for (const [field, schema] of Object.entries(
        schemas[name].properties as Record<string, { description?: string; example?: unknown }>,
      )) {
        expect([name, field, typeof schema.description]).toEqual([name, field, 'string']);
      }
    }
    const reseller = schemas.SenderInputDto.properties.email_reseller;
    expect(reseller.enum).toBeUndefined();
    expect(reseller.example).toBe('cheap_inboxes');
    expect(reseller.description).toMatch(/premium_inboxes/);
  });
});
