import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Senders (SPEC 2.2): one row per (account, canonical sender). `workspace_id` NULL is the
 * Unassigned Senders group; deleting a workspace moves its senders there. Indexes serve the list
 * filters (keyset on sender) and the summary's group-by columns.
 */
export class Senders1795300002000 implements MigrationInterface {
  name = 'Senders1795300002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE senders (
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        sender text NOT NULL,
        type text NOT NULL CHECK (type IN ('email', 'linkedin')),
        workspace_id uuid,
        sender_name text,
        email_server text,
        email_reseller text,
        email_domain text,
        platform text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, id),
        CONSTRAINT senders_workspace_fkey FOREIGN KEY (account_id, workspace_id)
          REFERENCES workspaces (account_id, id) ON DELETE SET NULL (workspace_id),
        CONSTRAINT senders_email_domain_check
          CHECK ((type = 'email') = (email_domain IS NOT NULL)),
        CONSTRAINT senders_email_only_check
          CHECK (type = 'email' OR (email_server IS NULL AND email_reseller IS NULL))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX senders_account_sender_key ON senders (account_id, sender)`,
    );
    await queryRunner.query(
      `CREATE INDEX senders_workspace_idx ON senders (account_id, workspace_id, sender)`,
    );
    await queryRunner.query(`CREATE INDEX senders_type_idx ON senders (account_id, type, sender)`);
    for (const column of ['email_reseller', 'email_server', 'email_domain']) {
      await queryRunner.query(
        `CREATE INDEX senders_${column}_idx ON senders (account_id, ${column})`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE senders`);
  }
}
