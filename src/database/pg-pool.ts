import { Pool } from 'pg';
import { DataSource } from 'typeorm';

/**
 * The pg pool under TypeORM's PostgreSQL driver: for hot paths written in plain SQL that gain
 * from what the ORM's query runner does not offer (named prepared statements, several statements
 * in one round trip) and for watching the pool's clients.
 */
export function pgPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}
