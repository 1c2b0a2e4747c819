import { statfs } from 'node:fs/promises';
import { HttpError } from '../http/errors';
import { isRefusal, limitKey, retryAfterSeconds, type LimiterFactory } from '../limits/limiters';

export interface UploadBudgetOptions {
  limiters: LimiterFactory;
  uploadsDir: string;
  /** Bytes of files one client address may send per hour, and all clients together. */
  bytesPerAddressPerHour: number;
  bytesPerHour: number;
  /** Below this much free space on the uploads disk, uploads are refused (507). */
  minFreeDiskBytes: number;
  /** The uploads disk's free bytes (default: statfs of uploadsDir); tests count the reads. */
  readFreeBytes?: () => Promise<number>;
  /** The budget's clock (epoch ms), for the disk readings and the refund window. */
  now?: () => number;
}

/** What one upload may write: taken from the budgets before its bytes reach the disk. */
export interface UploadTicket {
  /** Awaited before each chunk of a file is written; takes more from the budgets once the reservation is used up. */
  beforeWrite: (bytes: number) => Promise<void>;
  /** Gives back what was reserved and not written. */
  close(): Promise<void>;
}

export interface UploadBudget {
  /**
   * Reserves `expectedBytes` (the request's Content-Length; 0 when it gives none) for a client
   * before any byte is read; throws 429 (this client), 503 (everyone's budget) or 507 (disk).
   */
  open(address: string, expectedBytes: number): Promise<UploadTicket>;
}

export const ADDRESS_BUDGET_SPENT = 'You have sent a lot of files in the last hour. Please try again later.';
export const GLOBAL_BUDGET_SPENT =
  'Uploads are paused for a while: too many files arrived in the last hour. Please try again later.';
export const DISK_FLOOR_REACHED = 'Uploads are paused: the server is running out of storage. Please try again later.';

const KIB = 1024;
/** Without a Content-Length, a streamed upload takes from the budgets one MiB at a time. */
const STEP_KIB = 1024;
const WINDOW_SECONDS = 60 * 60;
/**
 * How long a reading of the free disk space serves: a statfs per upload would cost more than the
 * rest of the budget's work. Meanwhile each reservation is taken off the reading.
 */
const DISK_READ_MS = 1000;

const spent = (status: number, message: string, msBeforeNext: number) =>
  new HttpError(status, message, undefined, { 'Retry-After': retryAfterSeconds(msBeforeNext) });

/**
 * Per-address and global upload budgets per hour, counted in KiB on the shared limiters (all
 * replicas) and taken before bytes are written, plus a free-disk floor. See docs/hardening.md.
 */
export function createUploadBudget(options: UploadBudgetOptions): UploadBudget {
  const { limiters, uploadsDir } = options;
  const hourly = (name: string, bytes: number) =>
    limiters({ name, points: Math.floor(bytes / KIB), durationSeconds: WINDOW_SECONDS });
  const perAddress = hourly('upload-address', options.bytesPerAddressPerHour);
  const everyone = hourly('upload-all', options.bytesPerHour);
  const GLOBAL = 'all';

  const readFreeBytes =
    options.readFreeBytes ??
    (async () => {
      const disk = await statfs(uploadsDir);
      return disk.bavail * disk.bsize;
    });
  const now = options.now ?? Date.now;
  /** The last reading of the disk, less what this process reserved since: read again after DISK_READ_MS. */
  let disk = { freeBytes: 0, readAt: -Infinity };

  async function ensureDisk(bytes: number) {
    if (now() - disk.readAt >= DISK_READ_MS) disk = { freeBytes: await readFreeBytes(), readAt: now() };
    if (disk.freeBytes - bytes < options.minFreeDiskBytes) throw new HttpError(507, DISK_FLOOR_REACHED);
    disk.freeBytes -= bytes;
  }

  return {
    async open(address, expectedBytes) {
      const key = limitKey(address);
      let reservedKib = 0;
      let writtenBytes = 0;
      /** Until then the reservations belong to the current windows and may be given back. */
      let refundableUntil = Infinity;

      async function reserve(kib: number) {
        await ensureDisk(kib * KIB);
        let mine: { msBeforeNext: number };
        try {
          mine = await perAddress.consume(key, kib);
        } catch (reason) {
          if (!isRefusal(reason)) throw reason;
          await perAddress.reward(key, kib);
          throw spent(429, ADDRESS_BUDGET_SPENT, reason.msBeforeNext);
        }
        try {
          const all = await everyone.consume(GLOBAL, kib);
          refundableUntil = Math.min(refundableUntil, now() + Math.min(mine.msBeforeNext, all.msBeforeNext));
        } catch (reason) {
          await perAddress.reward(key, kib);
          if (!isRefusal(reason)) throw reason;
          await everyone.reward(GLOBAL, kib);
          throw spent(503, GLOBAL_BUDGET_SPENT, reason.msBeforeNext);
        }
        reservedKib += kib;
      }

      if (expectedBytes > 0) await reserve(Math.ceil(expectedBytes / KIB));
      else await ensureDisk(0);

      return {
        beforeWrite: async (bytes) => {
          while (writtenBytes + bytes > reservedKib * KIB) await reserve(STEP_KIB);
          writtenBytes += bytes;
        },
        async close() {
          const unused = reservedKib - Math.ceil(writtenBytes / KIB);
          // Given back into a later window it would be credit beyond that window's budget.
          if (unused <= 0 || now() >= refundableUntil) return;
          await Promise.all([perAddress.reward(key, unused), everyone.reward(GLOBAL, unused)]);
        },
      };
    },
  };
}
