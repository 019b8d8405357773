import { startTestApp, TestApp } from '../support/test-app';

describe('operations: metrics and security headers (e2e)', () => {
  let sut: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    sut = await startTestApp();
    ({ apiKey } = await sut.newAccount());
  });

  afterAll(async () => {
    await sut.close();
  });

  it('exposes Prometheus metrics labelled by route template, with pool gauges', async () => {
    await sut.http.get('/v1/account').set('x-api-key', apiKey).expect(200);
    await sut.http.get('/v1/account').expect(401);
    const response = await sut.http.get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.text).toMatch(
      /http_requests_total\{method="GET",route="\/v1\/account",status="200"\} [1-9]/,
    );
    expect(response.text).toMatch(
      /http_requests_total\{method="GET",route="\/v1\/account",status="401"\} [1-9]/,
    );
    expect(response.text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/account"\}/,
    );
    expect(response.text).toMatch(/^db_pool_connections \d+/m);
    expect(response.text).not.toContain(apiKey);
  });

  it('sends helmet security headers and no CORS headers unless configured', async () => {
    const response = await sut.http
      .get('/health')
      .set('origin', 'https://evil.example')
      .expect(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS when configured (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ CORS_ORIGINS: 'https://app.example.com' });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('allows the configured origin only', async () => {
    const allowed = await sut.http
      .get('/health')
      .set('origin', 'https://app.example.com')
      .expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await sut.http.get('/health').set('origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('ingestion metrics (e2e)', () => {
  let sut: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    sut = await startTestApp();
    ({ apiKey } = await sut.newAccount());
  });

  afterAll(async () => {
    await sut.close();
  });

  it('counts items by outcome and errors by type', async () => {
    await sut.http
      .post('/v1/events')
      .set('x-api-key', apiKey)
      .send([
        { event: 'update_attributes', lead_email: 'metrics@example.com' },
        { event: 'update_attributes', lead_email: 'not-an-email' },
        7,
      ])
      .expect(207);
    await sut.http
      .post('/v1/senders')
      .set('x-api-key', apiKey)
      .send({ sender: 'sdr@example.com' })
      .expect(200);
    const text = (await sut.http.get('/metrics').expect(200)).text;
    expect(text).toMatch(/ingest_items_total\{endpoint="events",outcome="success"\} 1\b/);
    expect(text).toMatch(/ingest_items_total\{endpoint="events",outcome="failed"\} 2\b/);
    expect(text).toMatch(/ingest_item_errors_total\{endpoint="events",type="value_error"\} 1\b/);
    expect(text).toMatch(/ingest_item_errors_total\{endpoint="events",type="type_error"\} 1\b/);
    expect(text).toMatch(/ingest_items_total\{endpoint="senders",outcome="success"\} 1\b/);
  });
});
