import { afterEach, describe, expect, it } from 'vitest';
import { filesOnDisk, postForm, postFormChunked, supplierForm, supplierValues } from '../test/forms';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { withProof } from '../test/form-proof';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createUploadBudget, DISK_FLOOR_REACHED } from './upload-budget';

const KIB = 1024;
const text = (kib: number) => Buffer.alloc(kib * KIB, 'a');

/**
 * Upload budgets per client address and for everyone, per hour, taken before files are written
 * (from Content-Length when given, else as the bytes stream), and a free-disk floor.
 */
describe.each(TEST_ENGINES)('upload budgets on %s', (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const offer = async (kib: number, address = '198.51.100.1') => {
    const init = postForm(supplierForm(supplierValues(), [{ name: 'notes.txt', bytes: text(kib) }]));
    return call(server!, '/api/supplier', await withProof(server!, { ...init, headers: { 'X-Forwarded-For': address } }));
  };
  const nothingLeftBehind = (storedBefore: number) => {
    expect(filesOnDisk(server!).incoming).toEqual([]);
    expect(filesOnDisk(server!).stored).toHaveLength(storedBefore);
  };

  it('refuses a client that used up its budget before writing its files, and no one else', async () => {
    server = await startTestServer({ engine, env: { TRUST_PROXY_HOPS: '1', UPLOAD_MB_PER_ADDRESS_PER_HOUR: '1' } });
    expect((await offer(600)).status).toBe(201);
    const refused = await offer(600);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'You have sent a lot of files in the last hour. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    nothingLeftBehind(1);
    // What was reserved beyond the file's size was given back: a small one still fits.
    expect((await offer(300)).status).toBe(201);
    expect((await offer(600, '198.51.100.2')).status).toBe(201);
  });

  it('counts a streamed upload without Content-Length as its bytes arrive', async () => {
    server = await startTestServer({ engine, env: { UPLOAD_MB_PER_ADDRESS_PER_HOUR: '1' } });
    const form = supplierForm(supplierValues(), [{ name: 'notes.txt', bytes: text(1536) }]);
    const answer = await postFormChunked(server, '/api/supplier', form);
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ error: 'You have sent a lot of files in the last hour. Please try again later.' });
    nothingLeftBehind(0);
    // The MiB that did arrive before the refusal is spent.
    expect((await offer(100)).status).toBe(429);
  });

  it("pauses everyone's uploads once all clients together used up the hour's budget", async () => {
    server = await startTestServer({
      engine,
      env: { TRUST_PROXY_HOPS: '1', UPLOAD_MB_PER_ADDRESS_PER_HOUR: '100', UPLOAD_MB_PER_HOUR: '1' },
    });
    expect((await offer(600, '198.51.100.1')).status).toBe(201);
    const paused = await offer(600, '198.51.100.2');
    expect(paused.status).toBe(503);
    expect(paused.body.error).toMatch(/^Uploads are paused for a while/);
    expect(paused.headers.get('retry-after')).toMatch(/^\d+$/);
    nothingLeftBehind(1);
  });

  it('refuses uploads with 507 when the disk is below its free-space floor', async () => {
    server = await startTestServer({ engine, env: { UPLOAD_MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) } });
    const refused = await offer(10);
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ error: 'Uploads are paused: the server is running out of storage. Please try again later.' });
    nothingLeftBehind(0);
  });
});

describe('the free-disk floor', () => {
  it('reads the disk at most once a second, taking each reservation off the reading meanwhile', async () => {
    const MB = 1024 * KIB;
    let reads = 0;
    let clock = 0;
    const budget = createUploadBudget({
      limiters: ({ name, points, durationSeconds }) =>
        new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }),
      uploadsDir: '/not-read-here',
      bytesPerAddressPerHour: 100 * MB,
      bytesPerHour: 100 * MB,
      minFreeDiskBytes: 10 * MB,
      readFreeBytes: () => {
        reads++;
        return Promise.resolve(12 * MB);
      },
      now: () => clock,
    });
    await budget.open('198.51.100.1', MB);
    await budget.open('198.51.100.2', MB);
    expect(reads).toBe(1);
    // 12 MB read, 2 MB reserved since: a third would leave less than the 10 MB floor.
    await expect(budget.open('198.51.100.3', MB)).rejects.toMatchObject({ status: 507, message: DISK_FLOOR_REACHED });
    clock += 1000;
    await budget.open('198.51.100.3', MB);
    expect(reads).toBe(2);
  });
});
