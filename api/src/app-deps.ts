import type { Audit } from './audit/audit';
import type { AccessTokens } from './auth/access-tokens';
import type { AdminAuth } from './auth/admin-auth';
import type { SessionStates } from './auth/session-states';
import type { BackupSchedule } from './backups/backup-schedule';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Engine } from './db/engine';
import type { Logger } from './http/logger';
import type { LimiterFactory } from './limits/limiters';
import type { MailWorker } from './mail/outbox-worker';
import type { EventBus } from './realtime/event-bus';
import type { FormGuard } from './spam/form-guard';
import type { UploadBudget } from './uploads/upload-budget';
import type { UploadStore } from './uploads/upload-store';

/** Everything the routes need, built once by startServer (or a test) and passed down. */
export interface AppDeps {
  config: Config;
  /** The database: reads, and writes in its transactions (db/database.ts). */
  db: Database;
  engine: Engine;
  bus: EventBus;
  tokens: AccessTokens;
  /** Accounts' roles and revoked sessions, cached per process (what tokens.verify asks). */
  sessions: SessionStates;
  /** Appends to the audit trail (audit/audit.ts). */
  audit: Audit;
  /** Sign-in, refresh-token rotation and the failed-login throttle. */
  auth: AdminAuth;
  uploads: UploadStore;
  /** How many bytes of files clients may still send (per address, all together) and the disk floor. */
  uploadBudget: UploadBudget;
  /** Counters for rate limits and budgets, shared by all replicas on PostgreSQL. */
  limiters: LimiterFactory;
  /** The public forms' spam check: challenges, the proof each submission carries, the honeypot. */
  formGuard: FormGuard;
  logger: Logger;
  /** Delivers the mail outbox (docs/mail.md). */
  mail: MailWorker;
  /** Scheduled backups and the state GET /api/health shows of them (docs/operations.md#backups). */
  backups: BackupSchedule;
  /** The clock: injectable so stats buckets and signed links can be tested at fixed dates. */
  now: () => Date;
}
