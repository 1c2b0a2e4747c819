import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The audit trail (docs/admin.md). Append-only by trigger on both engines: no UPDATE or DELETE
 * of an entry gets through, whatever the application does.
 */
export class CreateAuditLog1795000000210 implements MigrationInterface {
  name = 'CreateAuditLog1795000000210';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'at', type: 'bigint' },
          { name: 'action', type: 'varchar', length: '40' },
          { name: 'actor_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'actor_email', type: 'varchar', length: '254' },
          { name: 'subject_kind', type: 'varchar', length: '40', isNullable: true },
          { name: 'subject_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'details', type: 'text' },
        ],
      }),
      true,
    );
    for (const columns of [
      ['at', 'id'],
      ['action', 'at'],
      ['actor_email', 'at'],
      ['subject_kind', 'subject_id', 'at'],
    ]) {
      await queryRunner.createIndex(
        'audit_log',
        new TableIndex({ name: `idx_audit_log_${columns.join('_')}`, columnNames: columns }),
      );
    }
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$`);
      await queryRunner.query(`CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"()`);
    } else {
      for (const event of ['UPDATE', 'DELETE']) {
        await queryRunner.query(`CREATE TRIGGER "audit_log_no_${event.toLowerCase()}" BEFORE ${event} ON "audit_log"
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`);
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_log', true);
    if (queryRunner.connection.options.type === 'postgres') await queryRunner.query(`DROP FUNCTION "audit_log_append_only"()`);
  }
}
