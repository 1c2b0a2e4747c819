import { DEFAULT_KEPT_STATUSES, type PrivacySettings } from '@sourcing/shared';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../config';
import { read, run } from './statements';

/** The `settings` key of the statuses retention keeps (docs/admin.md#retention). */
const KEPT_STATUSES = 'retention.keptStatuses';

/** Owners' privacy settings: the statuses retention never erases (confirmed subscribers until an owner says otherwise). */
export async function readPrivacySettings(
  dataSource: DataSource,
  config: Pick<Config, 'retentionMonths'>,
): Promise<PrivacySettings> {
  const [row] = await read<{ value: string }>(dataSource, `SELECT "value" FROM "settings" WHERE "key" = ?`, [KEPT_STATUSES]);
  const keptStatuses = row ? (JSON.parse(row.value) as PrivacySettings['keptStatuses']) : DEFAULT_KEPT_STATUSES;
  return { retentionMonths: config.retentionMonths, keptStatuses };
}

export async function saveKeptStatuses(manager: EntityManager, keptStatuses: PrivacySettings['keptStatuses']): Promise<void> {
  await run(
    manager,
    `INSERT INTO "settings" ("key", "value") VALUES (?, ?) ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value"`,
    [KEPT_STATUSES, JSON.stringify(keptStatuses)],
  );
}
