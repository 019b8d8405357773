import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tells every running service instance that API keys changed (revoked, deleted, re-hashed), on
 * channel api_key_changes, when the change commits: instances cache key lookups only while they
 * hear this channel. Refreshing last_used_at does not notify.
 */
export class ApiKeyChangeNotify1795300005000 implements MigrationInterface {
  name = 'ApiKeyChangeNotify1795300005000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION notify_api_key_changes() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('api_key_changes', 'changed');
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER api_keys_notify_changes
         AFTER UPDATE OF account_id, key_hash, revoked_at OR DELETE OR TRUNCATE ON api_keys
         FOR EACH STATEMENT EXECUTE FUNCTION notify_api_key_changes()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER api_keys_notify_changes ON api_keys`);
    await queryRunner.query(`DROP FUNCTION notify_api_key_changes()`);
  }
}
