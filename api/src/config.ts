import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseEmailAddress, parseMailbox } from '@sourcing/shared';
import { z } from 'zod';

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  );

export const DEFAULT_TILE_ORIGINS = 'https://*.tile.openstreetmap.org,https://tile.openstreetmap.org';
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: optionalString,
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'JWT_SECRET must be at least 16 characters').optional()),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  PUBLIC_URL: optionalString,
  CORS_ORIGINS: commaList,
  EMBED_ORIGINS: commaList,
  /** Where the site's map tiles come from (CSP img-src); match VITE_MAP_TILE_URL of the web build. */
  TILE_ORIGINS: z.preprocess((v) => emptyAsUndefined(v) ?? DEFAULT_TILE_ORIGINS, commaList),
  TIME_ZONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('UTC')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'TIME_ZONE must be an IANA time zone such as Europe/Paris'),
  ),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.preprocess(emptyAsUndefined, positiveInt(20)),
  RATE_LIMIT_LOGIN_PER_15_MINUTES: z.preprocess(emptyAsUndefined, positiveInt(30)),
  LOGIN_FREE_FAILURES: z.preprocess(emptyAsUndefined, positiveInt(5)),
  LOGIN_MAX_DELAY_SECONDS: z.preprocess(emptyAsUndefined, positiveInt(15 * 60)),
  PASSWORD_HASH_CONCURRENCY: z.preprocess(emptyAsUndefined, positiveInt(1)),
  PASSWORD_HASH_QUEUE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(16)),
  UPLOAD_MB_PER_ADDRESS_PER_HOUR: z.preprocess(emptyAsUndefined, positiveInt(200)),
  UPLOAD_MB_PER_HOUR: z.preprocess(emptyAsUndefined, positiveInt(2000)),
  UPLOAD_MIN_FREE_DISK_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(1024)),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().default('web/dist')),
  UPLOADS_DIR: optionalString,
  COOKIE_SAMESITE: z.preprocess(emptyAsUndefined, z.enum(['lax', 'strict', 'none']).default('lax')),
  /** Who must sign in with an authenticator app: nobody, owners, or everyone (docs/sessions.md#two-factor-sign-in). */
  REQUIRE_2FA: z.preprocess(
    emptyAsUndefined,
    z.enum(['off', 'owners', 'all'], { error: 'REQUIRE_2FA must be off, owners or all' }).default('off'),
  ),
  /** How many reverse proxies stand in front: X-Forwarded-* is read for exactly these hops. */
  TRUST_PROXY_HOPS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  /** Replaced by TRUST_PROXY_HOPS: trusting every hop let a client choose its own address. */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z.undefined({
      error: 'TRUST_PROXY is replaced by TRUST_PROXY_HOPS (the number of proxies in front; 1 behind deploy/nginx.conf)',
    }),
  ),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
  ALTCHA_HMAC_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'ALTCHA_HMAC_KEY must be at least 16 characters').optional(),
  ),
  ALTCHA_COST: z.preprocess(emptyAsUndefined, positiveInt(5000)),
  ALTCHA_MAX_NUMBER: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(2)
      .max(2 ** 32 - 1)
      .default(10_000),
  ),
  ALTCHA_EXPIRE_MINUTES: z.preprocess(emptyAsUndefined, positiveInt(60)),
  FORM_MIN_FILL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).default(3)),
  /** smtp(s)://user:pass@host:port; without it mails are written as .eml files under DATA_DIR/mail. */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** One mailbox, with or without a name: its domain is also every outgoing Message-ID's. */
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('Sourcing <no-reply@localhost>')
      .refine((v) => parseMailbox(v) !== null, 'MAIL_FROM must be one address, with or without a name'),
  ),
  /** The desk's mailbox, plus-addressed per record in the Reply-To of staff replies (docs/mail.md#replies). */
  REPLY_TO_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const parsed = parseEmailAddress(value);
        if (parsed.ok && !parsed.address.split('@')[0].includes('+')) return parsed.address;
        ctx.addIssue({ code: 'custom', message: 'REPLY_TO_ADDRESS must be one plain address without a +tag' });
        return z.NEVER;
      }),
  ),
  /** A desk mailbox read for answers (docs/mail.md#answers-over-imap): imap(s)://user:pass@host[:port]/FOLDER. */
  IMAP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^imaps?$/, error: 'IMAP_URL must be an imap:// or imaps:// URL' }).optional(),
  ),
  /** Where a read answer is moved; unset: it stays, flagged as seen. */
  IMAP_DONE_FOLDER: optionalString,
  /** How often the mailbox is asked when the server offers no IDLE (and how long an IDLE lasts at most). */
  IMAP_POLL_MS: z.preprocess(emptyAsUndefined, positiveInt(60_000)),
  /** The SMTP receiver for answers (docs/mail.md#answers-over-smtp): off unless a port is given. */
  INBOUND_SMTP_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  INBOUND_SMTP_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  /** The largest answer taken, attachments included (the receiver refuses larger ones with 552). */
  INBOUND_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(25)),
  /** PEM files of the receiver's certificate and key: both or neither; with them it offers STARTTLS. */
  INBOUND_SMTP_TLS_CERT: optionalString,
  INBOUND_SMTP_TLS_KEY: optionalString,
  /** Connections the receiver holds at once, in all and from one address (more are told 421, try later). */
  INBOUND_SMTP_MAX_CLIENTS: z.preprocess(emptyAsUndefined, positiveInt(100)),
  INBOUND_SMTP_CLIENTS_PER_ADDRESS: z.preprocess(emptyAsUndefined, positiveInt(20)),
  /** DKIM signing of every outgoing mail: all three or none (docs/mail.md#dkim). */
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  /** The PEM private key; `\n` stands for a line break, so it fits on one line of an env file. */
  DKIM_PRIVATE_KEY: optionalString,
  /** Who hears of every new submission: each entry one address (a list inside an entry would add recipients). */
  NOTIFY_EMAILS: commaList.transform((entries, ctx) =>
    entries.map((entry) => {
      const parsed = parseEmailAddress(entry);
      if (parsed.ok) return parsed.address;
      ctx.addIssue({ code: 'custom', message: `NOTIFY_EMAILS: "${entry}": ${parsed.message}` });
      return entry;
    }),
  ),
  /** Mails to one visitor's address (confirmations, newsletter confirmations), across forms and replicas. */
  CONFIRMATIONS_PER_ADDRESS_PER_10_MINUTES: z.preprocess(emptyAsUndefined, positiveInt(1)),
  CONFIRMATIONS_PER_ADDRESS_PER_DAY: z.preprocess(emptyAsUndefined, positiveInt(3)),
  /** The first retry waits this long, each next one twice as long (up to an hour). */
  MAIL_RETRY_BASE_MS: z.preprocess(emptyAsUndefined, positiveInt(30_000)),
  MAIL_MAX_ATTEMPTS: z.preprocess(emptyAsUndefined, positiveInt(8)),
  /** How long a replica owns a mail it claimed before another may take it over (it crashed). */
  MAIL_LEASE_SECONDS: z.preprocess(emptyAsUndefined, positiveInt(300)),
  MAIL_POLL_MS: z.preprocess(emptyAsUndefined, positiveInt(2000)),
  /** Records not updated for this many months are erased daily (docs/admin.md#retention); unset: never. */
  RETENTION_MONTHS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1200).optional()),
  /** How often each process announces due follow-ups, ends due snoozes and asks for the day's digest (docs/api.md#follow-ups-and-snooze). */
  FOLLOW_UP_CHECK_MS: z.preprocess(emptyAsUndefined, positiveInt(60_000)),
  /** How often each process warns of response targets due soon and tells of those missed (docs/api.md#response-targets). */
  RESPONSE_TARGET_CHECK_MS: z.preprocess(emptyAsUndefined, positiveInt(60_000)),
  /** Where `admin backup` writes by default and scheduled backups go; unset: no schedule (docs/operations.md#backups). */
  BACKUP_DIR: optionalString,
  BACKUP_EVERY_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(24)),
  BACKUP_KEEP: z.preprocess(emptyAsUndefined, positiveInt(7)),
});

export type LogLevel = z.output<typeof envSchema>['LOG_LEVEL'];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  adminEmail: string | null;
  adminPassword: string | null;
  publicUrl: string | null;
  corsOrigins: string[];
  embedOrigins: string[];
  tileOrigins: string[];
  timeZone: string;
  rateLimitPublicPerMinute: number;
  /** Failed sign-ins per client address per 15 minutes, across e-mails. */
  rateLimitLoginPer15Minutes: number;
  /** Failures of one account from one address (or device) before growing waits, and the longest wait. */
  loginFreeFailures: number;
  loginMaxDelaySeconds: number;
  /** Password hashes run at once and how many more may wait (beyond that: 503). */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  webDistDir: string;
  uploadsDir: string;
  /** Megabytes of files one client address, and all clients together, may send per hour. */
  uploadMbPerAddressPerHour: number;
  uploadMbPerHour: number;
  /** Below this much free space (MB) on the uploads disk, uploads are refused with 507. */
  uploadMinFreeDiskMb: number;
  /** SameSite of the admin refresh cookie ('none' lets the desktop app send it; HTTPS only). */
  cookieSameSite: 'lax' | 'strict' | 'none';
  /** Who must sign in with a second factor: 'off', 'owners' or 'all'. */
  requireTwoFactor: 'off' | 'owners' | 'all';
  /** Reverse proxies in front whose X-Forwarded-For / -Proto / -Host are believed (0: none). */
  trustProxyHops: number;
  logLevel: LogLevel;
  /** The public forms' spam check (docs/forms.md#spam-protection). */
  formGuard: FormGuardConfig;
  mail: MailConfig;
  /** Months after which records not updated are erased, or null (off). */
  retentionMonths: number | null;
  /** Milliseconds between the follow-up job's checks. */
  followUpCheckMs: number;
  /** Milliseconds between the response targets' checks. */
  responseTargetCheckMs: number;
  storage: StorageConfig;
}

/** Where the data lives, read from the environment without writing anything (the restore needs an untouched DATA_DIR). */
export interface StorageConfig {
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | null;
  /** The secrets the data needs that the environment sets (else they are generated into DATA_DIR). */
  secretsFromEnvironment: Record<SecretVariable, boolean>;
  backups: BackupConfig;
}

/** Backups (docs/operations.md#backups): the folder, and the schedule that runs when the folder is set. */
export interface BackupConfig {
  dir: string | null;
  everyHours: number;
  /** How many archives the folder keeps: each backup into it removes the older ones beyond this. */
  keep: number;
}

export interface FormGuardConfig {
  /** Signs the proof-of-work challenges: the same on every replica (set ALTCHA_HMAC_KEY, or share DATA_DIR). */
  hmacKey: string;
  /** PBKDF2 iterations per attempt and the largest number of attempts a challenge may need (the work). */
  cost: number;
  maxNumber: number;
  /** How long a challenge may be solved and sent. */
  expireMinutes: number;
  /** A form sent sooner after its challenge was issued is refused as a bot's. */
  minFillSeconds: number;
}

/** What nodemailer signs outgoing mail with (docs/mail.md#dkim). */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** Outgoing mail (docs/mail.md). */
export interface MailConfig {
  smtpUrl: string | null;
  from: string;
  /** Plus-addressed per record as the Reply-To of staff replies; null: replies carry none. */
  replyToAddress: string | null;
  dkim: DkimConfig | null;
  notifyEmails: string[];
  retryBaseMs: number;
  maxAttempts: number;
  leaseSeconds: number;
  pollMs: number;
  /** Mails one visitor's address may get per 10 minutes and per 24 hours (docs/hardening.md#mail-to-visitors). */
  perAddressPer10Minutes: number;
  perAddressPerDay: number;
  inbound: InboundConfig;
}

/** Answers coming back to REPLY_TO_ADDRESS (docs/mail.md#answers): two ways in, each off unless configured. */
export interface InboundConfig {
  imapUrl: string | null;
  imapDoneFolder: string | null;
  imapPollMs: number;
  smtpPort: number | null;
  smtpHost: string;
  maxBytes: number;
  /** The receiver's certificate and key (PEM): it offers STARTTLS with them. */
  smtpTls: { cert: Buffer; key: Buffer } | null;
  smtpMaxClients: number;
  smtpClientsPerAddress: number;
}

export class ConfigError extends Error {}

/** The secrets generated into DATA_DIR when the environment does not set them, by variable. */
export const SECRET_FILES = { JWT_SECRET: 'jwt-secret', ALTCHA_HMAC_KEY: 'altcha-hmac-key' } as const;
export type SecretVariable = keyof typeof SECRET_FILES;

/** Relative DATA_DIR, WEB_DIST_DIR and UPLOADS_DIR are taken from where the server starts (`npm start`: the repo root). */
const fromStartDir = (path: string) => (isAbsolute(path) ? path : resolve(path));

function parseEnvironment(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** The two ways answers come in; the SMTP receiver takes mail for REPLY_TO_ADDRESS's mailbox only, so it needs one. */
function inboundOf(e: z.output<typeof envSchema>): InboundConfig {
  if (e.INBOUND_SMTP_PORT !== undefined && !e.REPLY_TO_ADDRESS) {
    throw new ConfigError('Invalid configuration: INBOUND_SMTP_PORT needs REPLY_TO_ADDRESS (the mailbox it receives for)');
  }
  return {
    imapUrl: e.IMAP_URL ?? null,
    imapDoneFolder: e.IMAP_DONE_FOLDER ?? null,
    imapPollMs: e.IMAP_POLL_MS,
    smtpPort: e.INBOUND_SMTP_PORT ?? null,
    smtpHost: e.INBOUND_SMTP_HOST,
    maxBytes: Math.round(e.INBOUND_MAX_MB * 1024 * 1024),
    smtpTls: inboundTlsOf(e),
    smtpMaxClients: e.INBOUND_SMTP_MAX_CLIENTS,
    smtpClientsPerAddress: e.INBOUND_SMTP_CLIENTS_PER_ADDRESS,
  };
}

/** The receiver's certificate and key, read from INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY; or neither. */
function inboundTlsOf(e: z.output<typeof envSchema>): InboundConfig['smtpTls'] {
  const [certFile, keyFile] = [e.INBOUND_SMTP_TLS_CERT, e.INBOUND_SMTP_TLS_KEY];
  if (certFile === undefined && keyFile === undefined) return null;
  if (certFile === undefined || keyFile === undefined) {
    throw new ConfigError('Invalid configuration: INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY go together');
  }
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch {
      throw new ConfigError(`Invalid configuration: ${name} cannot be read: ${file}`);
    }
  };
  return { cert: read('INBOUND_SMTP_TLS_CERT', certFile), key: read('INBOUND_SMTP_TLS_KEY', keyFile) };
}

/** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together, the key one that Node can read; or none of them. */

function dkimOf(e: z.output<typeof envSchema>): DkimConfig | null {
  const given = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY].filter((v) => v !== undefined).length;
  if (given === 0) return null;
  if (given < 3) throw new ConfigError('Invalid configuration: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together');
  const privateKey = e.DKIM_PRIVATE_KEY!.replaceAll('\\n', '\n');
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new ConfigError('Invalid configuration: DKIM_PRIVATE_KEY is not a PEM private key');
  }
  return { domainName: e.DKIM_DOMAIN!.toLowerCase(), keySelector: e.DKIM_SELECTOR!, privateKey };
}

function storageOf(e: z.output<typeof envSchema>): StorageConfig {
  const dataDir = fromStartDir(e.DATA_DIR);
  return {
    dataDir,
    uploadsDir: e.UPLOADS_DIR ? fromStartDir(e.UPLOADS_DIR) : join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL ?? null,
    secretsFromEnvironment: { JWT_SECRET: e.JWT_SECRET !== undefined, ALTCHA_HMAC_KEY: e.ALTCHA_HMAC_KEY !== undefined },
    backups: {
      dir: e.BACKUP_DIR ? fromStartDir(e.BACKUP_DIR) : null,
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
    },
  };
}

/** Where the data lives, checked as loadConfig checks it, with no folder made and no secret generated. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  return storageOf(parseEnvironment(env));
}

/**
 * Reads the environment once at boot. A missing JWT_SECRET (ALTCHA_HMAC_KEY) is generated and kept
 * in DATA_DIR/jwt-secret (altcha-hmac-key) so sessions, signed links and challenges survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Config {
  const e = parseEnvironment(env);
  const storage = storageOf(e);
  const { dataDir } = storage;
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: storage.databaseUrl,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'JWT_SECRET', log),
    adminEmail: e.ADMIN_EMAIL ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    corsOrigins: e.CORS_ORIGINS,
    embedOrigins: e.EMBED_ORIGINS,
    tileOrigins: e.TILE_ORIGINS,
    timeZone: e.TIME_ZONE,
    rateLimitPublicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
    rateLimitLoginPer15Minutes: e.RATE_LIMIT_LOGIN_PER_15_MINUTES,
    loginFreeFailures: e.LOGIN_FREE_FAILURES,
    loginMaxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    webDistDir: fromStartDir(e.WEB_DIST_DIR),
    uploadsDir: storage.uploadsDir,
    uploadMbPerAddressPerHour: e.UPLOAD_MB_PER_ADDRESS_PER_HOUR,
    uploadMbPerHour: e.UPLOAD_MB_PER_HOUR,
    uploadMinFreeDiskMb: e.UPLOAD_MIN_FREE_DISK_MB,
    cookieSameSite: e.COOKIE_SAMESITE,
    requireTwoFactor: e.REQUIRE_2FA,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logLevel: e.LOG_LEVEL,
    formGuard: {
      hmacKey: e.ALTCHA_HMAC_KEY ?? persistedSecret(dataDir, 'ALTCHA_HMAC_KEY', log),
      cost: e.ALTCHA_COST,
      maxNumber: e.ALTCHA_MAX_NUMBER,
      expireMinutes: e.ALTCHA_EXPIRE_MINUTES,
      minFillSeconds: e.FORM_MIN_FILL_SECONDS,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      replyToAddress: e.REPLY_TO_ADDRESS ?? null,
      dkim: dkimOf(e),
      notifyEmails: e.NOTIFY_EMAILS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      leaseSeconds: e.MAIL_LEASE_SECONDS,
      pollMs: e.MAIL_POLL_MS,
      perAddressPer10Minutes: e.CONFIRMATIONS_PER_ADDRESS_PER_10_MINUTES,
      perAddressPerDay: e.CONFIRMATIONS_PER_ADDRESS_PER_DAY,
      inbound: inboundOf(e),
    },
    retentionMonths: e.RETENTION_MONTHS ?? null,
    followUpCheckMs: e.FOLLOW_UP_CHECK_MS,
    responseTargetCheckMs: e.RESPONSE_TARGET_CHECK_MS,
    storage,
  };
}

function persistedSecret(dataDir: string, variable: SecretVariable, log: (line: string) => void): string {
  const file = join(dataDir, SECRET_FILES[variable]);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  log(`${variable} is not set: generated one and stored it in ${file}`);
  return secret;
}
