import { ConfigError, validateEnv } from './env';

describe('validateEnv', () => {
  it('applies the documented defaults', () => {
    expect(validateEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: undefined,
      EMBEDDED_PG_PORT: 54329,
      EMBEDDED_PG_DIR: '.data/pg',
      ADMIN_API_KEY: undefined,
      LOG_LEVEL: 'info',
      MAX_BODY_BYTES: 10 * 1024 * 1024,
      MAX_BATCH_ITEMS: 10_000,
      DB_POOL_SIZE: 10,
      CORS_ORIGINS: [],
      RATE_LIMIT_MAX: 6000,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      REDIS_URL: undefined,
      API_KEY_CACHE_SECONDS: 30,
    });
  });

  it.each([
    [{ MAX_BODY_BYTES: '512kb' }, { MAX_BODY_BYTES: 512 * 1024 }],
    [{ MAX_BODY_BYTES: '2MB' }, { MAX_BODY_BYTES: 2 * 1024 * 1024 }],
    [{ PORT: ' 8080 ' }, { PORT: 8080 }],
    [{ LOG_LEVEL: 'DEBUG' }, { LOG_LEVEL: 'debug' }],
    [
      { DATABASE_URL: 'postgresql://u:p@db:5432/x' },
      { DATABASE_URL: 'postgresql://u:p@db:5432/x' },
    ],
    [
      { CORS_ORIGINS: 'https://a.example, https://b.example:8443' },
      { CORS_ORIGINS: ['https://a.example', 'https://b.example:8443'] },
    ],
    [{ ADMIN_API_KEY: '' }, { ADMIN_API_KEY: undefined }],
  ])('reads %j', (raw, expected) => {
    expect(validateEnv(raw)).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MAX_BODY_BYTES: '10gb' }, 'MAX_BODY_BYTES'],
    [{ MAX_BATCH_ITEMS: '0' }, 'MAX_BATCH_ITEMS'],
    [{ DB_POOL_SIZE: '-1' }, 'DB_POOL_SIZE'],
    [{ ADMIN_API_KEY: 'short' }, 'ADMIN_API_KEY'],
    [{ CORS_ORIGINS: 'app.example.com' }, 'CORS_ORIGINS'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ RATE_LIMIT_MAX: 'many' }, 'RATE_LIMIT_MAX'],
    [{ API_KEY_CACHE_SECONDS: '-5' }, 'API_KEY_CACHE_SECONDS'],
  ])('rejects %j naming %s in one line', (raw, variable) => {
    let thrown: unknown;
    try {
      validateEnv(raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(variable);
    expect((thrown as ConfigError).message).toMatch(
      new RegExp(`^Invalid configuration: ${variable} `),
    );
    expect((thrown as ConfigError).message).not.toContain('\n');
  });
});
