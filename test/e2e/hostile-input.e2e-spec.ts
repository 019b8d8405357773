import { hostileCorpus } from '../fixtures/hostile-corpus';
import { startTestApp, TestApp } from '../support/test-app';

const corpus = hostileCorpus();

describe(`hostile input: ${corpus.length} bad bodies and items (e2e)`, () => {
  let sut: TestApp;
  let apiKey: string;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    sut = await startTestApp({ RATE_LIMIT_MAX: '0' });
    ({ apiKey } = await sut.newAccount());
  });

  afterAll(async () => {
    await sut.close();
  });

  it('holds at least 150 cases', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
  });

  it.each(corpus.map((c) => [c.name, c] as const))(
    'answers %s with a 4xx or per-item errors',
    async (_, hostile) => {
      const request = sut.http.post(hostile.path).set('x-api-key', apiKey).timeout(15_000);
      if (hostile.contentType !== '')
        request.set('content-type', hostile.contentType ?? 'application/json');
      const response = await request.send(hostile.body);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      if (response.status >= 400) {
        if (response.body.errors === undefined) expect(typeof response.body.error).toBe('string');
      } else {
        expect(response.body).toMatchObject({
          total: expect.any(Number),
          success: expect.any(Number),
        });
      }
    },
  );

  it('is still healthy afterwards, with no prototype polluted', async () => {
    await sut.http.get('/health').expect(200);
    const probe: Record<string, unknown> = {};
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
    expect(probe.event).toBeUndefined();
    expect(statuses.get(500)).toBeUndefined();
  });

  it('stores SQL- and script-looking values verbatim as plain data', async () => {
    const values = {
      lead_first_name: "Robert'); DROP TABLE leads;--",
      lead_last_name: '<script>alert("x")</script>',
      lead_job_title: '%s%s%n',
    };
    await sut.http
      .post('/v1/events')
      .set('x-api-key', apiKey)
      .send({ event: 'update_attributes', lead_email: 'bobby.tables@example.com', ...values })
      .expect(200);
    const read = await sut.http
      .get('/v1/leads')
      .query({ lead_email: 'bobby.tables@example.com' })
      .set('x-api-key', apiKey)
      .expect(200);
    expect(read.body.data).toHaveLength(1);
    expect(read.body.data[0]).toMatchObject(values);
  });
});
