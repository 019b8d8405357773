import { Global, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { Env } from '../config/env';
import { dataSourceOptions } from './data-source-options';
import { EMBEDDED_DATABASE, EmbeddedPostgres } from './embedded-postgres';
import { pgPoolOf } from './pg-pool';
import { UnresponsiveDatabaseWatchdog } from './unresponsive-database.watchdog';

/** What the rest of the app may know about where its database lives. */
export class DatabaseRuntime {
  constructor(
    readonly dataSource: DataSource,
    readonly embedded?: EmbeddedPostgres,
    readonly watchdog?: UnresponsiveDatabaseWatchdog,
  ) {}

  get isEmbedded(): boolean {
    return this.embedded !== undefined;
  }
}

async function openDatabase(config: ConfigService<Env, true>): Promise<DatabaseRuntime> {
  const logger = new Logger('Database');
  let url = config.get('DATABASE_URL', { infer: true });
  let embedded: EmbeddedPostgres | undefined;
  if (!url) {
    embedded = new EmbeddedPostgres({
      dataDir: config.get('EMBEDDED_PG_DIR', { infer: true }),
      port: config.get('EMBEDDED_PG_PORT', { infer: true }),
      database: EMBEDDED_DATABASE,
    });
    logger.log(`DATABASE_URL is not set: starting embedded PostgreSQL in ${embedded.dataDir}`);
    url = await embedded.start();
  }
  const dataSource = new DataSource(
    dataSourceOptions({ url, poolSize: config.get('DB_POOL_SIZE', { infer: true }) }),
  );
  try {
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0)
      logger.log(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  // TypeORM's pg pool: the watchdog follows which clients are held and for how long.
  const pool = pgPoolOf(dataSource);
  const watchdog = new UnresponsiveDatabaseWatchdog(pool, url, (destroyed) =>
    logger.warn(
      `the database does not answer: closed ${destroyed} stuck connection(s); their requests get 503`,
    ),
  );
  watchdog.start();
  return new DatabaseRuntime(dataSource, embedded, watchdog);
}

@Global()
@Module({
  providers: [
    { provide: DatabaseRuntime, inject: [ConfigService], useFactory: openDatabase },
    {
      provide: DataSource,
      inject: [DatabaseRuntime],
      useFactory: (runtime: DatabaseRuntime) => runtime.dataSource,
    },
  ],
  exports: [DatabaseRuntime, DataSource],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly runtime: DatabaseRuntime) {}

  async onApplicationShutdown(): Promise<void> {
    this.runtime.watchdog?.stop();
    if (this.runtime.dataSource.isInitialized) await this.runtime.dataSource.destroy();
    await this.runtime.embedded?.stop();
  }
}
