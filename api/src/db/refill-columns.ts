import type { QueryRunner } from 'typeorm';

/** Rows read and written per statement: a few thousand parameters, well below both engines' limits. */
const BATCH = 250;

/**
 * For migrations: sets columns of every row of a table to what `compute` makes of the row's `read`
 * columns (as the driver answers them: JSON lists as their text), in batches by id, one UPDATE per
 * batch. For what only JavaScript computes alike on both engines (folded search text and sort
 * keys, docs/operations.md#search-indexes).
 */
export async function refillColumns(
  queryRunner: QueryRunner,
  table: string,
  read: readonly string[],
  compute: (row: Record<string, unknown>) => Record<string, string>,
): Promise<void> {
  const postgres = queryRunner.connection.options.type === 'postgres';
  const placeholder = (n: number) => (postgres ? `$${n}` : '?');
  const selected = ['id', ...read].map((c) => `"${c}"`).join(', ');
  let after: string | null = null;
  for (;;) {
    const rows = (await queryRunner.query(
      `SELECT ${selected} FROM "${table}"${after === null ? '' : ` WHERE "id" > ${placeholder(1)}`} ORDER BY "id" LIMIT ${BATCH}`,
      after === null ? [] : [after],
    )) as Record<string, unknown>[];
    if (rows.length === 0) return;
    const values = rows.map((row) => ({ id: String(row.id), ...compute(row) }));
    const columns = Object.keys(values[0]).filter((c) => c !== 'id');
    const params: string[] = [];
    const tuples = values.map((value) => {
      const cells = [value.id, ...columns.map((c) => value[c as keyof typeof value])].map((cell) => {
        params.push(cell);
        return placeholder(params.length);
      });
      return `(${cells.join(', ')})`;
    });
    const assignments = columns.map((c, i) => `"${c}" = v.column${i + 2}`).join(', ');
    const id = postgres ? 'v.column1::uuid' : 'v.column1';
    await queryRunner.query(
      `UPDATE "${table}" SET ${assignments} FROM (VALUES ${tuples.join(', ')}) AS v WHERE "${table}"."id" = ${id}`,
      params,
    );
    after = String(rows[rows.length - 1].id);
  }
}
