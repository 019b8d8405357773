import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tenancy root. Every tenant-owned table carries `account_id`, and its primary key, unique indexes
 * and foreign keys all include it, so the schema can be distributed by account (e.g. on Citus).
 * `accounts` itself is the one table outside that rule. test/e2e/tenancy-schema.e2e-spec.ts checks it.
 */
export class Accounts1795300000000 implements MigrationInterface {
  name = 'Accounts1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX accounts_name_key ON accounts (lower(name))`);
    await queryRunner.query(`
      CREATE TABLE api_keys (
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name text,
        prefix text NOT NULL,
        key_hash bytea NOT NULL CHECK (length(key_hash) = 32),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX api_keys_account_hash_key ON api_keys (account_id, key_hash)`,
    );
    // Authentication looks a key up by hash before the account is known; a 256-bit secret's
    // SHA-256 is unique in practice, so this index need not (and, by the tenancy rule, may not) be.
    await queryRunner.query(
      `CREATE INDEX api_keys_hash_idx ON api_keys (key_hash) WHERE revoked_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX api_keys_id_idx ON api_keys (id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE api_keys`);
    await queryRunner.query(`DROP TABLE accounts`);
  }
}
