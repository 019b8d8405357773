import { Writable } from 'node:stream';
import { startTestApp, TEST_ADMIN_KEY, TestApp } from '../support/test-app';

/** Collects every log line the app writes. */
class CapturedLog extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }

  get text(): string {
    return this.lines.join('\n');
  }
}

describe('logs of a full request cycle (e2e)', () => {
  const log = new CapturedLog();
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: log });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('carry one line per request with its id, and never a key, a body or a query string', async () => {
    const account = await sut.http
      .post('/v1/admin/accounts')
      .set('x-admin-key', TEST_ADMIN_KEY)
      .send({ name: 'Logged Co' })
      .expect(201);
    const issued = await sut.http
      .post(`/v1/admin/accounts/${account.body.id}/api-keys`)
      .set('x-admin-key', TEST_ADMIN_KEY)
      .send({})
      .expect(201);
    const apiKey: string = issued.body.key;
    const secretName = 'Zebulon-Quixotic-7731';
    await sut.http
      .post('/v1/events')
      .set('x-api-key', apiKey)
      .set('x-request-id', 'log-test-request-1')
      .send([
        {
          event: 'update_attributes',
          lead_email: 'private.person@example.com',
          lead_first_name: secretName,
        },
        { event: 'update_attributes', lead_email: 'not-an-email', lead_last_name: secretName },
      ])
      .expect(207);
    await sut.http
      .post('/v1/senders')
      .set('x-api-key', apiKey)
      .send({ sender: 'hidden.sender@example.com', sender_name: secretName })
      .expect(200);
    await sut.http
      .get('/v1/leads')
      .query({ lead_email: 'private.person@example.com' })
      .set('x-api-key', apiKey)
      .expect(200);
    await sut.http
      .get('/v1/account')
      .set('x-api-key', 'oik_' + 'W'.repeat(43))
      .expect(401);
    await sut.http
      .post('/v1/events')
      .set('x-api-key', apiKey)
      .set('content-type', 'application/json')
      .send('{"lead_email": "broken')
      .expect(400);

    const requestLines = log.lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(requestLines.map((entry) => `${entry.req.method} ${entry.res.statusCode}`)).toEqual([
      'POST 201',
      'POST 201',
      'POST 207',
      'POST 200',
      'GET 200',
      'GET 401',
      'POST 400',
    ]);
    expect(
      requestLines.every((entry) => typeof entry.req.id === 'string' && entry.req.id.length > 0),
    ).toBe(true);
    expect(
      requestLines.some(
        (entry) => entry.req.id === 'log-test-request-1' && entry.res.statusCode === 207,
      ),
    ).toBe(true);

    for (const forbidden of [
      apiKey,
      apiKey.slice(4, 20),
      TEST_ADMIN_KEY,
      'oik_' + 'W'.repeat(43),
      secretName,
      'private.person',
      'hidden.sender',
      'broken',
    ]) {
      expect(log.text).not.toContain(forbidden);
    }
  });
});
