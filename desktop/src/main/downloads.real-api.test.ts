/** Saving a CSV export from a real API server: signed link, streamed to the chosen path, BOM and UTF-8 intact. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_LISTS, API_PATHS, EXPORT_LINK_SUFFIX } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_START_TIMEOUT_MS, startSignedInApi, type SignedInApi } from '../test/real-api';
import { ATTACHMENT_ERRORS } from './attachments';
import { createDownloadSaver } from './downloads';
import { tempFolder } from '../test/temp-folder';

let api: SignedInApi;

beforeAll(async () => {
  api = await startSignedInApi();
  for (const name of ['Zoë Müller', 'Ana Núñez']) {
    const sent = await api.post(
      API_PATHS.contact,
      JSON.stringify({ name, email: 'buyer@example.com', message: `Hello from ${name}` }),
      { 'Content-Type': 'application/json' },
    );
    expect(sent.status).toBe(201);
  }
}, API_START_TIMEOUT_MS);

afterAll(() => api?.server.close());

const exportLink = async (query = '') => {
  const res = await api.get(`${ADMIN_LISTS.contacts.path}${EXPORT_LINK_SUFFIX}${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
};

async function saver(choice: 'save' | 'cancel' = 'save') {
  const folder = await tempFolder('desktop-downloads-');
  const asked: string[] = [];
  const save = createDownloadSaver({
    fetch: (url) => fetch(url),
    serverOrigin: () => api.server.url,
    chooseSavePath: async (name) => (asked.push(name), choice === 'save' ? join(folder, name) : undefined),
  });
  return { save, folder, asked };
}

describe('saving a CSV export from a real API server', () => {
  it('streams the signed link to the chosen file with its byte-order mark and UTF-8 text', async () => {
    const { save, folder, asked } = await saver();
    const url = await exportLink('?q=zo%C3%AB');
    expect(await save({ url, fileName: 'contact-queries-zoë-2026-11-23.csv', apiBaseUrl: api.server.url })).toBe(true);
    expect(asked).toEqual(['contact-queries-zoë-2026-11-23.csv']);
    expect(await readdir(folder)).toEqual(['contact-queries-zoë-2026-11-23.csv']);
    const bytes = await readFile(join(folder, asked[0]));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^1,Zoë Müller,buyer@example\.com,Hello from Zoë Müller,/);
  });

  it('writes nothing when the admin cancels the dialog', async () => {
    const { save, folder } = await saver('cancel');
    expect(await save({ url: await exportLink(), fileName: 'x.csv', apiBaseUrl: api.server.url })).toBe(false);
    expect(await readdir(folder)).toEqual([]);
  });

  it('reports a tampered link with the server’s reason and leaves no partial file', async () => {
    const { save, folder } = await saver();
    const url = (await exportLink('?q=zo%C3%AB')).replace('q=zo%C3%AB', 'q=');
    await expect(save({ url, fileName: 'x.csv', apiBaseUrl: api.server.url })).rejects.toThrow(
      'The file could not be downloaded: Not signed in',
    );
    expect(await readdir(folder)).toEqual([]);
  });

  it('refuses a link to another server before asking where to save', async () => {
    const { save, asked } = await saver();
    await expect(save({ url: 'https://evil.test/export.csv', fileName: 'x.csv', apiBaseUrl: api.server.url })).rejects.toThrow(
      ATTACHMENT_ERRORS.otherServer,
    );
    await expect(save({ url: await exportLink(), fileName: 'x.csv', apiBaseUrl: 'https://evil.test' })).rejects.toThrow(
      ATTACHMENT_ERRORS.otherServer,
    );
    expect(asked).toEqual([]);
  });
});
