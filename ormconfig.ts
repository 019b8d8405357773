import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnv } from './src/config/env';
import { dataSourceOptions } from './src/database/data-source-options';
import { embeddedDatabaseUrl } from './src/database/embedded-postgres';

/**
 * The DataSource of the TypeORM CLI (`npm run migration:*`). It uses DATABASE_URL, or else the
 * embedded PostgreSQL that `npm start` runs (start the service first).
 */
const env = validateEnv(process.env);
const url = env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT);

export default new DataSource(dataSourceOptions({ url, poolSize: 2 }));
