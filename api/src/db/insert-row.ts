import type { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { runInTransaction } from './raw-sql';

/**
 * INSERT of one row inside the manager's transaction (on SQLite through the one connection's
 * prepared statement), the statement text made once per entity and set of columns: TypeORM's insert query builder spent longer
 * building the statement than the database spent running it (bench/README.md). Values are
 * converted by TypeORM's own driver (JSON, dates, transformers); properties left undefined are
 * left out, so their columns take their defaults as with `repository.insert`.
 */
export async function insertRow(manager: EntityManager, entity: string, row: ObjectLiteral): Promise<void> {
  const plan = insertPlan(manager.connection, entity);
  const columns = plan.columns.filter((c) => row[c.propertyName] !== undefined);
  const driver = manager.connection.driver;
  const values = columns.map((c) => driver.preparePersistentValue(row[c.propertyName], c) as unknown);
  await runInTransaction(manager, plan.statement(columns), values);
}

interface InsertPlan {
  columns: ColumnMetadata[];
  statement(columns: ColumnMetadata[]): string;
}

const plans = new WeakMap<DataSource, Map<string, InsertPlan>>();

function insertPlan(dataSource: DataSource, entity: string): InsertPlan {
  let byEntity = plans.get(dataSource);
  if (!byEntity) plans.set(dataSource, (byEntity = new Map<string, InsertPlan>()));
  let plan = byEntity.get(entity);
  if (!plan) {
    const metadata = dataSource.getMetadata(entity);
    const statements = new Map<string, string>();
    plan = {
      columns: metadata.columns,
      statement(columns) {
        const key = columns.map((c) => c.databaseName).join(',');
        let sql = statements.get(key);
        if (!sql) {
          sql = `INSERT INTO "${metadata.tableName}" (${columns.map((c) => `"${c.databaseName}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
          statements.set(key, sql);
        }
        return sql;
      },
    };
    byEntity.set(entity, plan);
  }
  return plan;
}
