import { startTestApp, TestApp } from '../support/test-app';

describe('error responses (e2e)', () => {
  let sut: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    sut = await startTestApp({ MAX_BODY_BYTES: '2kb' });
    ({ apiKey } = await sut.newAccount());
  });

  afterAll(async () => {
    await sut.close();
  });

  it('answers malformed JSON with 400 and a JSON error', async () => {
    const response = await sut.http
      .post('/v1/account')
      .set('x-api-key', apiKey)
      .set('content-type', 'application/json')
      .send('{"event": "update_attributes",')
      .expect(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ error: expect.stringMatching(/Malformed JSON/) });
  });

  it('answers an oversized body with 413 naming the limit', async () => {
    const response = await sut.http
      .post('/v1/account')
      .set('x-api-key', apiKey)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(4096) }))
      .expect(413);
    expect(response.body).toEqual({ error: expect.stringMatching(/2048 bytes/) });
  });

  it('answers an unknown route with 404 JSON', async () => {
    const response = await sut.http.get('/v1/nothing-here').set('x-api-key', apiKey).expect(404);
    expect(response.body).toEqual({ error: 'No route GET /v1/nothing-here' });
  });

  it('serves /health without a key, with the database up', async () => {
    const response = await sut.http.get('/health').expect(200);
    expect(response.body.info.database.status).toBe('up');
  });

  it('serves the OpenAPI document with both security schemes', async () => {
    const response = await sut.http.get('/docs-json').expect(200);
    expect(response.body.info.title).toBe('Outreach Ingest');
    expect(response.body.components.securitySchemes).toMatchObject({
      'api-key': { type: 'apiKey', in: 'header', name: 'x-api-key' },
      'admin-key': { type: 'apiKey', in: 'header', name: 'x-admin-key' },
    });
    const ui = await sut.http.get('/docs').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });

  it('echoes a request id on every response', async () => {
    const response = await sut.http.get('/health').set('x-request-id', 'trace-abc-123').expect(200);
    expect(response.headers['x-request-id']).toBe('trace-abc-123');
  });
});

describe('request media types (e2e)', () => {
  let sut: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    sut = await startTestApp();
    ({ apiKey } = await sut.newAccount());
  });

  afterAll(async () => {
    await sut.close();
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'refuses a %s body with 415',
    async (type) => {
      const response = await sut.http
        .post('/v1/account')
        .set('x-api-key', apiKey)
        .set('content-type', type)
        .send('{"event":"update_attributes"}')
        .expect(415);
      expect(response.body).toEqual({ error: expect.stringContaining('application/json') });
    },
  );

  it('accepts a JSON body with a charset parameter', async () => {
    await sut.http
      .post('/v1/account')
      .set('x-api-key', apiKey)
      .set('content-type', 'application/json; charset=utf-8')
      .send('{}')
      .expect(404);
  });
});
