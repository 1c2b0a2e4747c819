/** 'View' an attachment against a real API server: signed link, download to disk, sanitised name. */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { API_PATHS, type InquiryRecord, type ListPage } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryForm, inquiryValues } from '@sourcing/api/test/forms';
import { pdf } from '@sourcing/api/test/sample-files';
import { API_START_TIMEOUT_MS, startSignedInApi, type SignedInApi } from '../test/real-api';
import { createAttachmentOpener } from './attachments';
import { tempFolder } from '../test/temp-folder';

const PDF = pdf();
const UPLOADED_NAME = 'Assay: Cu 99.99% <final>?.pdf';

let api: SignedInApi;
let record: InquiryRecord;

beforeAll(async () => {
  api = await startSignedInApi();
  const form = inquiryForm(inquiryValues({ fullName: 'Jane Doe', companyName: 'Acme Metals' }), [
    { name: UPLOADED_NAME, bytes: PDF, type: 'application/pdf' },
  ]);
  const submitted = await api.post(API_PATHS.inquiry, form);
  expect(submitted.status).toBe(201);
  const page = (await (await api.get(API_PATHS.inquiries)).json()) as ListPage<InquiryRecord>;
  record = page.data[0];
}, API_START_TIMEOUT_MS);

afterAll(() => api?.server.close());

/** The opener as main builds it, with Node's fetch carrying the session cookie like Electron's session.fetch. */
async function opener(openPath: (path: string) => Promise<string> = async () => '') {
  const folder = join(await tempFolder('desktop-attachments-'), 'attachments');
  const opened: string[] = [];
  const instance = createAttachmentOpener({
    fetch: (url) => fetch(url, { headers: { Cookie: api.cookie } }),
    folder,
    serverOrigin: () => api.server.url,
    openPath: async (path) => (opened.push(path), openPath(path)),
  });
  return { instance, folder, opened };
}

describe('opening an attachment from a real API server', () => {
  it('downloads the file under its sanitised original name and opens it with the system viewer', async () => {
    const [file] = record.attachmentFiles;
    expect(file.originalName).toBe(UPLOADED_NAME);
    const { instance, folder, opened } = await opener();

    const saved = await instance.open({ url: file.url, fileName: file.originalName, apiBaseUrl: api.server.url });

    expect(basename(saved)).toBe('Assay_ Cu 99.99% _final__.pdf');
    expect(dirname(dirname(saved))).toBe(folder);
    expect(await readFile(saved)).toEqual(PDF);
    expect(opened).toEqual([saved]);
  });

  it('keeps two downloads of the same name apart', async () => {
    const [file] = record.attachmentFiles;
    const { instance } = await opener();
    const first = await instance.download({ url: file.url, fileName: file.originalName });
    const second = await instance.download({ url: file.url, fileName: file.originalName });
    expect(first).not.toBe(second);
    expect(await readFile(second)).toEqual(PDF);
  });

  it('reports a link the server refuses, and writes nothing', async () => {
    const [file] = record.attachmentFiles;
    const tampered = file.url.replace(/sig=[^&]+/, 'sig=forged');
    expect(tampered).not.toBe(file.url);
    const { instance, folder, opened } = await opener();
    await expect(instance.open({ url: tampered, fileName: file.originalName, apiBaseUrl: api.server.url })).rejects.toThrow(
      /^The file could not be downloaded: /,
    );
    expect(opened).toEqual([]);
    expect(await readdir(folder).catch(() => [])).toEqual([]);
  });

  it('refuses a server other than the configured one, and reports a viewer that fails', async () => {
    const [file] = record.attachmentFiles;
    const { instance } = await opener(async () => 'No application is associated with this file');
    await expect(instance.open({ url: file.url, fileName: 'x.pdf', apiBaseUrl: 'https://evil.test' })).rejects.toThrow(
      'This attachment is not on the configured server.',
    );
    await expect(instance.open({ url: file.url, fileName: 'x.pdf', apiBaseUrl: api.server.url })).rejects.toThrow(
      'The file was downloaded but could not be opened: No application is associated with this file',
    );
  });

  it('empties the attachment folder when asked (at app start)', async () => {
    const { instance, folder } = await opener();
    await instance.download({ url: record.attachmentFiles[0].url, fileName: record.attachmentFiles[0].originalName });
    expect(await readdir(folder)).toHaveLength(1);
    await instance.clear();
    expect(await readdir(folder).catch(() => 'gone')).toBe('gone');
  });
});
