import { ADMIN_LISTS, type AdminListName } from '@sourcing/shared';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { inquiryForm, inquiryValues, postForm, supplierForm, supplierValues } from '../test/forms';
import {
  runBuiltAdmin,
  startBuiltServer,
  startReplica,
  stopReplica,
  type BuiltTestServer,
  type Replica,
} from '../test/replica-process';
import { freshRestoreTarget, type RestoreTarget } from '../test/restore-targets';
import { pdf } from '../test/sample-files';
import { signIn } from '../test/staff';
import { jsonBody, TEST_ENGINES } from '../test/support';

const SUBMISSIONS = 30;
const CLIENTS = 5;
/** The backup starts once this many submissions were acknowledged, while the rest keep coming. */
const BACKUP_AFTER = 10;

interface Acknowledged {
  list: AdminListName;
  reference: string;
  files: Buffer[];
}

/** A PDF of its own (a comment line of random bytes) and some size, so every file is told apart. */
const uniquePdf = () =>
  Buffer.concat([pdf(), Buffer.from(`% ${randomBytes(16 * 1024 + Math.floor(Math.random() * 64 * 1024)).toString('base64')}\n`)]);

/** The i-th submission: a buyer inquiry with a file, a supplier offer with two, or a contact message. */
async function submit(server: BuiltTestServer, i: number): Promise<Acknowledged> {
  const source = { url: server.url };
  let list: AdminListName;
  let files: Buffer[] = [];
  let init: RequestInit;
  if (i % 3 === 0) {
    list = 'inquiries';
    files = [uniquePdf()];
    init = postForm(
      inquiryForm(inquiryValues({ email: `buyer${i}@example.com` }), [
        { name: 'spec.pdf', bytes: files[0], type: 'application/pdf' },
      ]),
    );
  } else if (i % 3 === 1) {
    list = 'supplierInquiries';
    files = [uniquePdf(), uniquePdf()];
    const parts = files.map((bytes, n) => ({ name: `certificate-${n}.pdf`, bytes, type: 'application/pdf' }));
    init = postForm(supplierForm(supplierValues({ email: `supplier${i}@example.com` }), parts));
  } else {
    list = 'contacts';
    init = jsonBody({ name: `Visitor ${i}`, email: `visitor${i}@example.com`, message: `Message number ${i}` });
  }
  const path = { inquiries: '/api/inquiry', supplierInquiries: '/api/supplier', contacts: '/api/contact', subscribers: '' }[list];
  const response = await fetch(`${server.url}${path}`, await withProof(source, init));
  const body = (await response.json()) as { reference?: string };
  if (response.status !== 201 || !body.reference)
    throw new Error(`submission ${i} answered ${response.status}: ${JSON.stringify(body)}`);
  return { list, reference: body.reference, files };
}

/**
 * docs/operations.md#backups: a backup taken by the admin command while visitors keep submitting
 * (the production bundle as a process, real HTTP), restored by the admin command into a fresh
 * DATA_DIR (and a fresh PostgreSQL database), holds every submission acknowledged before the backup
 * began, with its files byte for byte, and a server started on it serves them.
 */
describe.each(TEST_ENGINES)('a backup taken during a load of submissions with files on %s', (engine) => {
  it('restores every record acknowledged before it began, and its files, and the restored server serves them', async () => {
    const source = await startBuiltServer(engine);
    const folder = mkdtempSync(join(tmpdir(), 'sourcing-backup-load-'));
    let target: RestoreTarget | null = null;
    let restored: Replica | null = null;
    try {
      const acknowledged: Acknowledged[] = [];
      let next = 0;
      let reachedBackupPoint: () => void = () => undefined;
      const backupPoint = new Promise<void>((resolve) => (reachedBackupPoint = resolve));
      const load = Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < SUBMISSIONS) {
            acknowledged.push(await submit(source, next++));
            if (acknowledged.length >= BACKUP_AFTER) reachedBackupPoint();
          }
        }),
      );
      await backupPoint;
      // Everything acknowledged so far came before the backup began.
      const before = [...acknowledged];
      const backup = await runBuiltAdmin(['backup', '--to', folder], source.env);
      expect(acknowledged.length, 'submissions acknowledged while the backup ran').toBeGreaterThan(before.length);
      await load;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/^Backup written: .*sourcing-backup-.*\.tar/);
      expect(before.length).toBeGreaterThanOrEqual(BACKUP_AFTER);
      expect(acknowledged.length).toBe(SUBMISSIONS);

      const [archive] = readdirSync(folder);
      const schema = source.env.DATABASE_URL ? new URL(source.env.DATABASE_URL).searchParams.get('options')!.split('=')[1] : null;
      target = await freshRestoreTarget(engine, schema);
      const restore = await runBuiltAdmin(['restore', join(folder, archive)], target.env);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/^Restored sourcing-backup-.*every checksum checked/);
      expect(restore.output).toContain('JWT_SECRET was set by the environment where this backup was taken and is not set here');

      // The restored server is given the source's secrets, as the restore's notes say to.
      restored = await startReplica('restored', {
        ...target.env,
        JWT_SECRET: source.env.JWT_SECRET,
        ALTCHA_HMAC_KEY: source.env.ALTCHA_HMAC_KEY,
        WEB_DIST_DIR: join(target.storage.dataDir, 'web'),
        LOG_LEVEL: 'warn',
      });
      const { accessToken } = await signIn(restored, source.admin.email, source.admin.password);
      const auth = { Authorization: `Bearer ${accessToken}` };
      for (const submission of before) {
        const page = (await (
          await fetch(`${restored.url}/api${ADMIN_LISTS[submission.list].path}?q=${submission.reference}`, { headers: auth })
        ).json()) as { data: { reference: string; attachmentFiles?: { storedName: string }[] }[] };
        expect(page.data.map((r) => r.reference)).toEqual([submission.reference]);
        const stored = page.data[0].attachmentFiles ?? [];
        const downloaded = await Promise.all(
          stored.map(async (file) =>
            Buffer.from(await (await fetch(`${restored!.url}/api/uploads/${file.storedName}`, { headers: auth })).arrayBuffer()),
          ),
        );
        expect(downloaded.sort(Buffer.compare)).toEqual([...submission.files].sort(Buffer.compare));
      }
    } finally {
      if (restored) await stopReplica(restored);
      await target?.dispose();
      await source.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
