import { startTestApp, TEST_ADMIN_KEY, TestApp } from '../support/test-app';

describe('API keys and the admin API (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  const admin = (method: 'get' | 'post' | 'delete', path: string) =>
    sut.http[method](path).set('x-admin-key', TEST_ADMIN_KEY);

  async function createAccountWithKey(
    name: string,
  ): Promise<{ accountId: string; key: string; keyId: string }> {
    const account = await admin('post', '/v1/admin/accounts').send({ name }).expect(201);
    const issued = await admin('post', `/v1/admin/accounts/${account.body.id}/api-keys`)
      .send({ name: 'clay' })
      .expect(201);
    return { accountId: account.body.id, key: issued.body.key, keyId: issued.body.id };
  }

  describe('x-api-key', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['unknown but well-formed', 'oik_' + 'A'.repeat(43)],
      ['garbage', 'hello'],
    ])('answers 401 with a single error field when the key is %s', async (_, key) => {
      const request = sut.http.get('/v1/account');
      if (key !== undefined) request.set('x-api-key', key);
      const response = await request.expect(401);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(Object.keys(response.body)).toEqual(['error']);
      expect(response.body.error).toMatch(/API key/i);
      expect(response.body.error).toMatch(/invalid/i);
    });

    it('accepts a live key and resolves its account', async () => {
      const { accountId, key } = await createAccountWithKey('Live Key Co');
      const response = await sut.http.get('/v1/account').set('x-api-key', key).expect(200);
      expect(response.body).toMatchObject({ id: accountId, name: 'Live Key Co' });
    });

    it('stops accepting a key as soon as it is revoked', async () => {
      const { key, keyId } = await createAccountWithKey('Revoked Key Co');
      await sut.http.get('/v1/account').set('x-api-key', key).expect(200);
      const revoked = await admin('delete', `/v1/admin/api-keys/${keyId}`).expect(200);
      expect(revoked.body.revoked_at).not.toBeNull();
      const response = await sut.http.get('/v1/account').set('x-api-key', key).expect(401);
      expect(Object.keys(response.body)).toEqual(['error']);
    });

    it('refuses the admin key as an account key', async () => {
      await sut.http.get('/v1/account').set('x-api-key', TEST_ADMIN_KEY).expect(401);
    });

    it('records last use without writing on every request', async () => {
      const { accountId, key, keyId } = await createAccountWithKey('Usage Co');
      for (let i = 0; i < 5; i++)
        await sut.http.get('/v1/account').set('x-api-key', key).expect(200);
      await new Promise((done) => setTimeout(done, 200));
      const listed = await admin('get', `/v1/admin/accounts/${accountId}/api-keys`).expect(200);
      const lastUsed = listed.body.find((k: { id: string }) => k.id === keyId).last_used_at;
      expect(lastUsed).not.toBeNull();
      await sut.http.get('/v1/account').set('x-api-key', key).expect(200);
      await new Promise((done) => setTimeout(done, 200));
      const again = await admin('get', `/v1/admin/accounts/${accountId}/api-keys`).expect(200);
      expect(again.body.find((k: { id: string }) => k.id === keyId).last_used_at).toBe(lastUsed);
    });
  });

  describe('admin API', () => {
    it('refuses a missing, wrong or account key with 401', async () => {
      const { key } = await createAccountWithKey('Not An Admin Co');
      await sut.http.get('/v1/admin/accounts').expect(401);
      await sut.http.get('/v1/admin/accounts').set('x-admin-key', 'wrong').expect(401);
      const response = await sut.http.get('/v1/admin/accounts').set('x-admin-key', key).expect(401);
      expect(Object.keys(response.body)).toEqual(['error']);
      await sut.http.get('/v1/admin/accounts').set('x-api-key', key).expect(401);
    });

    it('creates accounts with unique names and lists them', async () => {
      const created = await admin('post', '/v1/admin/accounts')
        .send({ name: 'Unique Co' })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Unique Co',
        created_at: expect.any(String),
      });
      const duplicate = await admin('post', '/v1/admin/accounts')
        .send({ name: 'unique co' })
        .expect(409);
      expect(duplicate.body.error).toMatch(/already exists/);
      const listed = await admin('get', '/v1/admin/accounts').expect(200);
      expect(listed.body.map((a: { name: string }) => a.name)).toContain('Unique Co');
    });

    it('validates the account body', async () => {
      const response = await admin('post', '/v1/admin/accounts').send({ name: '' }).expect(400);
      expect(response.body.error).toMatch(/name/);
    });

    it('shows a key once and lists keys without secrets', async () => {
      const { accountId, key } = await createAccountWithKey('Secrets Co');
      expect(key).toMatch(/^oik_[A-Za-z0-9_-]{43}$/);
      const listed = await admin('get', `/v1/admin/accounts/${accountId}/api-keys`).expect(200);
      expect(listed.body).toHaveLength(1);
      expect(listed.body[0]).not.toHaveProperty('key');
      expect(JSON.stringify(listed.body)).not.toContain(key);
      expect(key.startsWith(listed.body[0].prefix)).toBe(true);
      const stored = await sut.dataSource.query(
        'SELECT key_hash FROM api_keys WHERE account_id = $1',
        [accountId],
      );
      expect(stored[0].key_hash).toHaveLength(32);
      expect(stored[0].key_hash.toString('utf8')).not.toContain(key);
    });

    it('answers 404 for keys of an account that does not exist', async () => {
      await admin('post', '/v1/admin/accounts/7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11/api-keys')
        .send({})
        .expect(404);
      await admin('delete', '/v1/admin/api-keys/7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11').expect(404);
      await admin('get', '/v1/admin/accounts/not-a-uuid/api-keys').expect(400);
    });
  });
});

describe('without ADMIN_API_KEY (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ ADMIN_API_KEY: '' });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('has no admin routes at all', async () => {
    const response = await sut.http
      .get('/v1/admin/accounts')
      .set('x-admin-key', TEST_ADMIN_KEY)
      .expect(404);
    expect(response.body.error).toMatch(/No route/);
  });
});
