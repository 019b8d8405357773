import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lets the ingestion write fail on the server when a concurrent request took one of its
 * identifiers (its claim inserted fewer rows than planned). The statement then rolls back by
 * itself, so the COMMIT can travel right behind it in the same round trip: a COMMIT after a
 * failed statement only ends the aborted transaction. SQLSTATE 40001 (serialization_failure)
 * is what it is: the batch must re-run.
 */
export class IdentityRaceSignal1795300004000 implements MigrationInterface {
  name = 'IdentityRaceSignal1795300004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION ingest_identity_taken() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
       BEGIN
         RAISE EXCEPTION 'identity taken concurrently' USING ERRCODE = 'serialization_failure';
       END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION ingest_identity_taken()`);
  }
}
