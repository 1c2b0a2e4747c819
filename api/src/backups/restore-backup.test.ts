import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { inquiryForm, inquiryValues, postForm, supplierForm, supplierValues } from '../test/forms';
import { freshRestoreTarget } from '../test/restore-targets';
import { jpeg, pdf } from '../test/sample-files';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { restoreBackup } from './restore-backup';
import { takeBackup, type TakenBackup } from './take-backup';

const FUTURE_MIGRATION = 'AddSomethingNewer1899999999999';

describe.each(TEST_ENGINES)('restoring a backup on %s', (engine) => {
  let server: TestServer;
  let folder: string;
  let taken: TakenBackup;
  const certificate = pdf();
  const photo = jpeg();

  beforeAll(async () => {
    server = await startTestServer({ engine });
    folder = mkdtempSync(join(tmpdir(), 'sourcing-backups-'));
    const inquiry = await call(
      server,
      '/api/inquiry',
      await withProof(
        server,
        postForm(inquiryForm(inquiryValues(), [{ name: 'spec.pdf', bytes: certificate, type: 'application/pdf' }])),
      ),
    );
    const offer = await call(
      server,
      '/api/supplier',
      await withProof(
        server,
        postForm(supplierForm(supplierValues(), [{ name: 'photo.jpg', bytes: photo, type: 'image/jpeg' }])),
      ),
    );
    const contact = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Bea', email: 'bea@example.com', message: 'Hello there' })),
    );
    expect([inquiry.status, offer.status, contact.status]).toEqual([201, 201, 201]);
    taken = await takeBackup(server.deps.config.storage, { to: folder, now: new Date(), keep: null });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const copyWith = (change: (bytes: Buffer) => void) => {
    const bytes = readFileSync(taken.path);
    change(bytes);
    const path = join(folder, `changed-${Math.random()}.tar`);
    writeFileSync(path, bytes);
    return path;
  };

  it('describes every file with its checksum, the migration level and the counts of the copy', () => {
    const { manifest } = taken;
    expect(manifest.engine).toBe(engine);
    expect(manifest.counts).toMatchObject({ inquiries: 1, supplier_inquiries: 1, contact_messages: 1, uploaded_files: 2 });
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(
      [
        engine === 'sqlite' ? 'database/sourcing.sqlite' : 'database/sourcing.dump',
        // The test server sets JWT_SECRET by environment and lets ALTCHA_HMAC_KEY be generated.
        'secrets/altcha-hmac-key',
        ...manifest.files.filter((f) => f.path.startsWith('uploads/')).map((f) => f.path),
      ].sort(),
    );
    expect(
      manifest.files
        .filter((f) => f.path.startsWith('uploads/'))
        .map((f) => f.bytes)
        .sort(),
    ).toEqual([certificate.length, photo.length].sort());
    expect(manifest.secrets).toEqual({ JWT_SECRET: 'environment', ALTCHA_HMAC_KEY: 'archive' });
  });

  it('restores into an empty target: the counts, the files byte for byte and the secrets', async () => {
    const target = await freshRestoreTarget(engine, taken.manifest.postgresSchema);
    try {
      const restored = await restoreBackup(target.storage, taken.path, () => new Date());
      expect(restored.counts).toEqual(taken.manifest.counts);
      expect(restored.migrationsRun).toEqual([]);
      expect(restored.notes).toEqual([expect.stringContaining('JWT_SECRET was set by the environment')]);
      const uploads = taken.manifest.files.filter((f) => f.path.startsWith('uploads/'));
      const restoredFiles = uploads.map((f) => readFileSync(join(target.storage.uploadsDir, f.path.slice('uploads/'.length))));
      expect(restoredFiles.map((b) => b.length).sort()).toEqual([certificate.length, photo.length].sort());
      expect(restoredFiles).toContainEqual(certificate);
      expect(restoredFiles).toContainEqual(photo);
      expect(readFileSync(join(target.storage.dataDir, 'altcha-hmac-key'), 'utf8')).toBe(
        readFileSync(join(server.dataDir, 'altcha-hmac-key'), 'utf8'),
      );
    } finally {
      await target.dispose();
    }
  });

  const refusedUntouched = async (archive: string, message: RegExp) => {
    const target = await freshRestoreTarget(engine, taken.manifest.postgresSchema);
    try {
      await expect(restoreBackup(target.storage, archive, () => new Date())).rejects.toThrow(message);
      expect(await target.contents()).toEqual([]);
    } finally {
      await target.dispose();
    }
  };

  it('refuses an archive with one byte changed, wherever it is, and touches nothing', async () => {
    const at = (bytes: Buffer, marker: string, past: number) => bytes.indexOf(Buffer.from(marker)) + past;
    const flip = (marker: string, past: number) =>
      copyWith((bytes) => {
        bytes[at(bytes, marker, past)] ^= 0x01;
      });
    const databaseMagic = engine === 'sqlite' ? 'SQLite format 3' : 'PGDMP';
    await refusedUntouched(flip(databaseMagic, 200), /damaged \(database\/sourcing\.(sqlite|dump) does not match its checksum\)/);
    await refusedUntouched(flip('%PDF-1.4', 20), /damaged \(uploads\/.*\.pdf does not match its checksum\)/);
    // A checksum of the manifest with one hex digit changed for another.
    const manifestDigit = copyWith((bytes) => {
      const i = at(bytes, '"sha256": "', 20);
      bytes[i] = bytes[i] === 0x30 ? 0x31 : 0x30;
    });
    await refusedUntouched(manifestDigit, /damaged \(.* does not match its checksum\)/);
    await refusedUntouched(
      copyWith((bytes) => bytes.fill(0, bytes.length - 2000)),
      /The archive is damaged/,
    );
  });

  it('refuses an archive from a newer migration level than the code, and touches nothing', async () => {
    // What a newer release's server leaves in the database it migrated.
    await server.deps.db.run(`INSERT INTO "migrations" ("timestamp", "name") VALUES (1899999999999, '${FUTURE_MIGRATION}')`);
    try {
      const newer = await takeBackup(server.deps.config.storage, { to: folder, now: new Date(), keep: null });
      expect(newer.manifest.migrations.at(-1)).toBe(FUTURE_MIGRATION);
      await refusedUntouched(
        newer.path,
        new RegExp(`comes from a newer version: its database is at migration ${FUTURE_MIGRATION}`),
      );
    } finally {
      await server.deps.db.run(`DELETE FROM "migrations" WHERE "name" = '${FUTURE_MIGRATION}'`);
    }
  });

  it('refuses a target that holds data, and leaves it as it was', async () => {
    const target = await freshRestoreTarget(engine, taken.manifest.postgresSchema);
    try {
      writeFileSync(join(target.storage.dataDir, 'notes.txt'), 'kept');
      await expect(restoreBackup(target.storage, taken.path, () => new Date())).rejects.toThrow(
        /The target is not empty: .* holds notes\.txt/,
      );
      expect(await target.contents()).toEqual([join(target.storage.dataDir, 'notes.txt')]);
    } finally {
      await target.dispose();
    }
  });
});
