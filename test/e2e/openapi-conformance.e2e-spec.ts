import { AddressInfo } from 'node:net';
import { fetchSend, runApiSession, Send } from '../../scripts/lib/api-session';
import { OpenApiValidator } from '../support/openapi-validator';
import { startTestApp, TEST_ADMIN_KEY, TestApp } from '../support/test-app';

const MAX_BATCH_ITEMS = 20;

/**
 * Documented responses this session does not provoke: a healthy service cannot answer 503, and
 * 429 (documented on every rate-limited operation) is proven by rate-limit.e2e-spec.ts.
 */
const NOT_PROVOKED = (response: string): boolean =>
  response === 'GET /health 503' || response.endsWith(' 429');

describe('live traffic matches openapi.json (e2e)', () => {
  let sut: TestApp;
  let baseUrl: string;
  const validator = new OpenApiValidator();
  const problems: string[] = [];

  beforeAll(async () => {
    sut = await startTestApp({ MAX_BATCH_ITEMS: String(MAX_BATCH_ITEMS) });
    await sut.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(sut.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await sut.close();
  });

  const validating =
    (send: Send): Send =>
    async (step) => {
      const reply = await send(step);
      problems.push(
        ...validator
          .problems({ ...reply, method: step.method, url: step.path })
          .map((problem) => `${step.name}: ${problem}`),
      );
      return reply;
    };

  it('answers every step of the scripted session with a documented status and body', async () => {
    await runApiSession(validating(fetchSend(baseUrl)), {
      adminKey: TEST_ADMIN_KEY,
      maxBatchItems: MAX_BATCH_ITEMS,
    });
    expect(problems).toEqual([]);
  });

  it('exercised every documented operation and response status', () => {
    const seen = new Set(validator.exercised());
    const operationsSeen = new Set([...seen].map((s) => s.split(' ').slice(0, 2).join(' ')));
    expect(validator.operationKeys().filter((o) => !operationsSeen.has(o))).toEqual([]);
    expect(validator.documented().filter((r) => !seen.has(r) && !NOT_PROVOKED(r))).toEqual([]);
  });

  it('fails a response whose status or body the document does not allow', () => {
    const reply = { method: 'GET', contentType: 'application/json', text: '' };
    expect(
      validator.problems({ ...reply, url: '/v1/account', status: 418, body: { error: 'x' } }),
    ).toEqual(['GET /v1/account → 418: status not documented']);
    expect(
      validator.problems({ ...reply, url: '/v1/account', status: 200, body: { id: 7, extra: 1 } }),
    ).not.toEqual([]);
    expect(validator.problems({ ...reply, url: '/v1/nowhere', status: 200, body: {} })).toEqual([
      'GET /v1/nowhere: no such operation in openapi.json',
    ]);
  });
});
