import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from './app-deps';
import { createApp } from './app';
import { createAudit } from './audit/audit';
import { startBackupSchedule } from './backups/backup-schedule';
import { createAccessTokens } from './auth/access-tokens';
import { ensureFirstAdmin, type FirstAdminOutcome } from './auth/admin-accounts';
import type { ScryptCost } from './auth/passwords';
import { createAdminAuth } from './auth/admin-auth';
import { createSessionStates, type SessionStates } from './auth/session-states';
import type { Config } from './config';
import { openDatabase } from './db/open-database';
import { createLogger, type Logger } from './http/logger';
import { createLimiterFactory } from './limits/limiters';
import { imapProgressStore, startImapPoller, type ImapPoller } from './mail/inbound/imap-poller';
import { receiveInbound } from './mail/inbound/receive-inbound';
import { startSmtpReceiver, type SmtpReceiver } from './mail/inbound/smtp-receiver';
import { startMailWorker } from './mail/outbox-worker';
import { createMailTransport } from './mail/transport';
import { createLocalEventBus, type EventBus } from './realtime/event-bus';
import { attachRealtimeHub, type RealtimeHub } from './realtime/hub';
import { createPostgresEventBus } from './realtime/postgres-event-bus';
import { scheduleRetention } from './privacy/retention';
import { scheduleFollowUps } from './records/follow-ups/follow-up-job';
import { scheduleResponseTargets } from './records/response-targets/response-target-job';
import { removeUploadLeftovers } from './uploads/clean-leftovers';
import { createUploadBudget } from './uploads/upload-budget';
import { createUploadStore } from './uploads/upload-store';
import { createFormGuard } from './spam/form-guard';
import { scheduleReportDays, syncReportDays } from './routes/admin/reports/report-days';

const MB = 1024 * 1024;

export interface ServerOptions {
  now?: () => Date;
  bus?: EventBus;
  logger?: Logger;
  /** See AdminAuthOptions.refreshGraceMs (tests set 0 to observe reuse detection at once). */
  refreshGraceMs?: number;
  /** scrypt cost of the passwords hashed here (tests pass a small one to stay fast). */
  scryptCost?: ScryptCost;
  /** How often the session states are read again (SESSION_STATES_REFRESH_MS unless given). */
  sessionStatesRefreshMs?: number;
}

export interface RunningServer {
  server: Server;
  /** http://host:port the server listens on (127.0.0.1 when bound to all interfaces). */
  url: string;
  deps: AppDeps;
  hub: RealtimeHub;
  /** What start-up did about the first admin (a generated password is printed once by main). */
  firstAdmin: FirstAdminOutcome;
  /** The SMTP receiver for answers, when INBOUND_SMTP_PORT is set (docs/mail.md#answers-over-smtp). */
  inboundSmtp: SmtpReceiver | null;
  /** The reader of the desk mailbox, when IMAP_URL is set (docs/mail.md#answers-over-imap). */
  imapPoller: ImapPoller | null;
  close(): Promise<void>;
}

/** Opens the database, runs migrations, builds the app and listens. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const now = options.now ?? (() => new Date());
  const db = await openDatabase(config);
  let firstAdmin: FirstAdminOutcome;
  let bus: EventBus;
  let sessions: SessionStates | null = null;
  try {
    await db.migrate();
    await syncReportDays(db, config.timeZone, now());
    firstAdmin = await ensureFirstAdmin(
      db,
      { email: config.adminEmail ?? undefined, password: config.adminPassword ?? undefined },
      options.scryptCost,
    );
    sessions = createSessionStates(db, { logger, refreshMs: options.sessionStatesRefreshMs });
    await sessions.refresh();
    bus =
      options.bus ?? (config.databaseUrl ? await createPostgresEventBus(config.databaseUrl, { logger }) : createLocalEventBus());
  } catch (error) {
    sessions?.close();
    await db.close();
    throw error;
  }
  const tokens = createAccessTokens(config.jwtSecret, { sessions });
  const limiters = createLimiterFactory(db);
  const { engine } = db;
  const mail = startMailWorker({ db, config, logger, now }, createMailTransport(config.mail, config.dataDir));
  const audit = createAudit(db, now);
  const deps: AppDeps = {
    config,
    db,
    engine,
    bus,
    tokens,
    sessions,
    audit,
    auth: createAdminAuth(db, tokens, sessions, {
      cookieSameSite: config.cookieSameSite,
      secret: config.jwtSecret,
      trustedOrigins: [URL.parse(config.publicUrl ?? '')?.origin, ...config.corsOrigins].filter((o): o is string => !!o),
      limiters,
      loginFailuresPerAddress: config.rateLimitLoginPer15Minutes,
      loginFreeFailures: config.loginFreeFailures,
      loginMaxDelaySeconds: config.loginMaxDelaySeconds,
      hashConcurrency: config.passwordHashConcurrency,
      hashQueue: config.passwordHashQueue,
      scryptCost: options.scryptCost,
      refreshGraceMs: options.refreshGraceMs,
      requireTwoFactor: config.requireTwoFactor,
      now: () => now().getTime(),
    }),
    uploads: createUploadStore(config.uploadsDir, config.jwtSecret, now),
    uploadBudget: createUploadBudget({
      limiters,
      uploadsDir: config.uploadsDir,
      bytesPerAddressPerHour: config.uploadMbPerAddressPerHour * MB,
      bytesPerHour: config.uploadMbPerHour * MB,
      minFreeDiskBytes: config.uploadMinFreeDiskMb * MB,
    }),
    limiters,
    formGuard: createFormGuard(config.formGuard, db, now),
    logger,
    mail,
    backups: startBackupSchedule({ config, db, audit, logger, mail, now }),
    now,
  };
  // What a crash left in UPLOADS_DIR; failing to tidy up must not keep the site down.
  const leftovers = await removeUploadLeftovers(db, deps.uploads, now()).catch((error: unknown) => {
    logger.error('removing upload leftovers failed', { error: error instanceof Error ? error.message : String(error) });
    return null;
  });
  if (leftovers && (leftovers.incoming || leftovers.orphans)) logger.info('removed upload leftovers', { ...leftovers });
  const retention = scheduleRetention(deps);
  const followUps = scheduleFollowUps(deps);
  const responseTargets = scheduleResponseTargets(deps);
  const reportDays = scheduleReportDays(deps);
  const app = createApp(deps);
  const handle = app.callback();
  const server = createServer((req, res) => void handle(req, res));
  server.headersTimeout = 20_000;
  server.requestTimeout = 120_000;
  const hub = attachRealtimeHub(server, { bus, tokens, sessions, logger });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const { inbound } = config.mail;
  const inboundSmtp =
    inbound.smtpPort !== null && config.mail.replyToAddress
      ? await startSmtpReceiver(deps, inbound, config.mail.replyToAddress)
      : null;
  const imapPoller = inbound.imapUrl
    ? startImapPoller({
        url: inbound.imapUrl,
        doneFolder: inbound.imapDoneFolder,
        pollMs: inbound.imapPollMs,
        progress: imapProgressStore(db, now),
        deliver: async (raw) => void (await receiveInbound(deps, raw, 'imap')),
        logger,
      })
    : null;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      retention.stop();
      await followUps.stop();
      await responseTargets.stop();
      await reportDays.stop();
      await inboundSmtp?.close();
      await imapPoller?.close();
      sessions.close();
      await hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await deps.bus.close();
      await deps.backups.close();
      await mail.close();
      await db.close();
    })());

  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    deps,
    hub,
    firstAdmin,
    inboundSmtp,
    imapPoller,
    close,
  };
}
