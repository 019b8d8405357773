import Redis from 'ioredis';
import { startTestApp, TestApp } from '../support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

describe('rate limit per API key, in memory (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('counts down in RateLimit-* headers, then answers 429 with Retry-After and an error body', async () => {
    const { apiKey } = await sut.newAccount();
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await sut.http.get('/v1/account').set('x-api-key', apiKey).expect(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      remaining.push(response.headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await sut.http.get('/v1/account').set('x-api-key', apiKey).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toEqual({
      error: expect.stringMatching(/Rate limit exceeded: at most 3 requests per 60 s/),
    });
  });

  it('keeps separate counters for separate keys and never limits /health', async () => {
    const first = await sut.newAccount();
    const second = await sut.newAccount();
    for (let i = 0; i < 3; i++)
      await sut.http.get('/v1/account').set('x-api-key', first.apiKey).expect(200);
    await sut.http.get('/v1/account').set('x-api-key', first.apiKey).expect(429);
    await sut.http.get('/v1/account').set('x-api-key', second.apiKey).expect(200);
    for (let i = 0; i < 10; i++) await sut.http.get('/health').expect(200);
  });
});

describe('rate limit shared through Redis by two instances (e2e)', () => {
  let first: TestApp;
  let second: TestApp;
  let available = false;

  beforeAll(async () => {
    available = await redisAnswers();
    if (!available) return;
    const env = { RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_SECONDS: '60', REDIS_URL };
    first = await startTestApp(env);
    second = await startTestApp(env);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts the requests of one key across instances', async () => {
    if (!available) {
      console.warn(`Redis does not answer at ${REDIS_URL}: shared-counter test not run`);
      return;
    }
    // The same key must be known to both instances' databases: create it in each with one secret.
    const { apiKey } = await first.newAccount();
    const [row] = await first.dataSource.query('SELECT key_hash, prefix FROM api_keys LIMIT 1');
    const [account] = await second.dataSource.query(
      `INSERT INTO accounts (name) VALUES ('shared') RETURNING id`,
    );
    await second.dataSource.query(
      'INSERT INTO api_keys (account_id, prefix, key_hash) VALUES ($1, $2, $3)',
      [account.id, row.prefix, row.key_hash],
    );
    await first.http.get('/v1/account').set('x-api-key', apiKey).expect(200);
    await second.http.get('/v1/account').set('x-api-key', apiKey).expect(200);
    await first.http.get('/v1/account').set('x-api-key', apiKey).expect(200);
    const last = await second.http.get('/v1/account').set('x-api-key', apiKey).expect(200);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    await first.http.get('/v1/account').set('x-api-key', apiKey).expect(429);
  });
});
