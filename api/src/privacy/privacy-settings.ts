import { DEFAULT_KEPT_STATUSES, type PrivacySettings } from '@sourcing/shared';
import type { Config } from '../config';
import type { Database, Transaction } from '../db/database';

/** The `settings` key of the statuses retention keeps (docs/admin.md#retention). */
const KEPT_STATUSES = 'retention.keptStatuses';

/** Owners' privacy settings: the statuses retention never erases (confirmed subscribers until an owner says otherwise). */
export async function readPrivacySettings(
  db: Pick<Database, 'all'>,
  config: Pick<Config, 'retentionMonths'>,
): Promise<PrivacySettings> {
  const [row] = await db.all<{ value: string }>(`SELECT "value" FROM "settings" WHERE "key" = ?`, [KEPT_STATUSES]);
  const keptStatuses = row ? (JSON.parse(row.value) as PrivacySettings['keptStatuses']) : DEFAULT_KEPT_STATUSES;
  return { retentionMonths: config.retentionMonths, keptStatuses };
}

export async function saveKeptStatuses(tx: Transaction, keptStatuses: PrivacySettings['keptStatuses']): Promise<void> {
  await tx.run(
    `INSERT INTO "settings" ("key", "value") VALUES (?, ?) ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value"`,
    [KEPT_STATUSES, JSON.stringify(keptStatuses)],
  );
}
