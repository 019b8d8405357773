import { join } from 'node:path';
import { DataSourceOptions } from 'typeorm';

export interface DatabaseSettings {
  url: string;
  poolSize: number;
}

/** One place that says how the app, the TypeORM CLI and the tests reach PostgreSQL. */
export function dataSourceOptions({ url, poolSize }: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [join(__dirname, '..', '**', 'infrastructure', '*.entity.{ts,js}')],
    migrations: [join(__dirname, '..', '..', 'migrations', '*.{ts,js}')],
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    migrationsRun: false,
    extra: {
      max: poolSize,
      application_name: 'outreach-ingest',
      // An unreachable database must turn into a 503 within seconds, never a hung request.
      connectionTimeoutMillis: 3_000,
      statement_timeout: 30_000,
      // The client-side limit counts from when a statement is sent, and pipelined statements can
      // wait behind up to 3 others (see PgTransactionRunner): it must not fire before the server's
      // own limit would. A server that stops answering is the watchdog's job (~3 s).
      query_timeout: 4 * 30_000 + 5_000,
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
      // Statements a transaction sends without waiting go out together (see PgTransactionRunner);
      // awaited one by one, as TypeORM does, they behave as without pipelining.
      pipeline: true,
    },
  };
}
