/**
 * The process environment, validated once at start. Every variable is documented in the README
 * ("Configuration"); an invalid value stops the process with one line naming the variable.
 */
export interface Env {
  NODE_ENV: string;
  PORT: number;
  DATABASE_URL?: string;
  EMBEDDED_PG_PORT: number;
  EMBEDDED_PG_DIR: string;
  ADMIN_API_KEY?: string;
  LOG_LEVEL: LogLevel;
  MAX_BODY_BYTES: number;
  MAX_BATCH_ITEMS: number;
  DB_POOL_SIZE: number;
  /** Origins allowed by CORS; empty = CORS off (server-to-server clients do not need it). */
  CORS_ORIGINS: string[];
  /** Requests per API key per window; 0 turns rate limiting off. */
  RATE_LIMIT_MAX: number;
  RATE_LIMIT_WINDOW_SECONDS: number;
  /** Redis for rate-limit counters shared by several instances; unset = in memory. */
  REDIS_URL?: string;
  /** How long a checked API key may be served from memory; 0 = look every key up. */
  API_KEY_CACHE_SECONDS: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

type RawEnv = Record<string, string | undefined>;

function present(env: RawEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: RawEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2 };

/** Accepts bytes or a size with a unit: `10485760`, `512kb`, `10mb`. */
function byteSize(env: RawEnv, name: string, fallback: number): number {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(raw);
  const bytes = match ? Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toLowerCase()] : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1024 || bytes > 100 * 1024 ** 2) {
    throw new ConfigError(name, `must be a size from 1kb to 100mb, e.g. 10mb (got "${raw}")`);
  }
  return bytes;
}

function postgresUrl(env: RawEnv, name: string): string | undefined {
  const raw = present(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL like postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(name, `must use the postgres:// scheme (got "${url.protocol}")`);
  }
  return raw;
}

function redisUrl(env: RawEnv, name: string): string | undefined {
  const raw = present(env, name);
  if (raw === undefined) return undefined;
  if (!/^rediss?:\/\/[^\s]+$/.test(raw)) {
    throw new ConfigError(name, 'must be a URL like redis://127.0.0.1:6379');
  }
  return raw;
}

function origins(env: RawEnv, name: string): string[] {
  const raw = present(env, name);
  if (raw === undefined) return [];
  const list = raw
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of list) {
    if (origin === '*') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new ConfigError(
        name,
        `must be * or a comma-separated list of origins like https://app.example.com (got "${origin}")`,
      );
    }
  }
  return list;
}

export function validateEnv(env: RawEnv): Env {
  const logLevel = (present(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`,
    );
  }
  const adminKey = present(env, 'ADMIN_API_KEY');
  if (adminKey !== undefined && adminKey.length < 24) {
    throw new ConfigError('ADMIN_API_KEY', 'must be at least 24 characters long');
  }
  return {
    NODE_ENV: present(env, 'NODE_ENV') ?? 'development',
    PORT: integer(env, 'PORT', 3000, 0, 65535),
    DATABASE_URL: postgresUrl(env, 'DATABASE_URL'),
    EMBEDDED_PG_PORT: integer(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    EMBEDDED_PG_DIR: present(env, 'EMBEDDED_PG_DIR') ?? '.data/pg',
    ADMIN_API_KEY: adminKey,
    LOG_LEVEL: logLevel as LogLevel,
    MAX_BODY_BYTES: byteSize(env, 'MAX_BODY_BYTES', 10 * 1024 ** 2),
    MAX_BATCH_ITEMS: integer(env, 'MAX_BATCH_ITEMS', 10_000, 1, 100_000),
    DB_POOL_SIZE: integer(env, 'DB_POOL_SIZE', 10, 1, 200),
    CORS_ORIGINS: origins(env, 'CORS_ORIGINS'),
    RATE_LIMIT_MAX: integer(env, 'RATE_LIMIT_MAX', 6000, 0, 10_000_000),
    RATE_LIMIT_WINDOW_SECONDS: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    REDIS_URL: redisUrl(env, 'REDIS_URL'),
    API_KEY_CACHE_SECONDS: integer(env, 'API_KEY_CACHE_SECONDS', 30, 0, 3600),
  };
}
