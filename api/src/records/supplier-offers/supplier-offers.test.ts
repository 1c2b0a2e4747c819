import {
  composeSupplierOffer,
  SUPPLIER_OFFER_DEFAULTS,
  supplierOfferSchema,
  toSupplierOfferFields,
  type ListPage,
  type SupplierInquiryRecord,
} from '@sourcing/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALLOWED_SAMPLES, exe, png, txt } from '../../test/sample-files';
import { filesOnDisk, multipart, postForm, schemaMessages, supplierForm, supplierValues } from '../../test/forms';
import { recordEvents } from '../../test/events';
import { recordByReference } from '../../test/references';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { withProof } from '../../test/form-proof';
import { SUPPLIER_OFFER_SUBMITTED } from './supplier-offer-kind';

describe.each(TEST_ENGINES)('supplier product offers on %s', (engine) => {
  let server: TestServer;
  let recorder: ReturnType<typeof recordEvents>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    recorder = recordEvents(server);
  });
  afterAll(() => server?.close());
  beforeEach(() => recorder.reset());

  /** The record a submission's reference names, as the detail answers it. */
  const detail = async (reference: string) => {
    const { _id } = await recordByReference(server, 'supplierInquiries', reference);
    return (await call(server, `/api/supplier/supplierInquires/${_id}`, { headers: server.adminHeaders() }))
      .body as SupplierInquiryRecord;
  };

  it('stores the composed texts, certifications list and every allowed file type', async () => {
    const files = ALLOWED_SAMPLES.slice(0, 10).map(([name, make]) => ({ name, bytes: make() }));
    const res = await call(
      server,
      '/api/supplier',
      await withProof(server, postForm(supplierForm(supplierValues({ unit: 'KG', currency: 'EUR' }), files))),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: SUPPLIER_OFFER_SUBMITTED, reference: expect.stringMatching(/^OFR-/) });

    const record = await detail(res.body.reference);
    expect(record).toMatchObject({
      reference: res.body.reference,
      fullName: 'Sam Supplier',
      productName: 'Copper Cathode',
      supplyCapacity: '500 KG/month',
      unit: 'KG',
      minOrderQuantity: '25 KG',
      pricePerUnit: 'EUR 8900 per KG',
      currency: 'EUR',
      incoterm: 'FOB',
      exportCapability: 'Yes',
      exportMarkets: 'China, India',
      certifications: ['ISO 9001', 'SGS'],
      privateLabeling: 'No',
    });
    expect(record.attachmentFiles.map((f) => [f.originalName, f.mimeType, f.size])).toEqual(
      ALLOWED_SAMPLES.slice(0, 10).map(([name, make, mime]) => [name, mime, make().length]),
    );
    expect(record.attachments).toEqual(record.attachmentFiles.map((f) => f.storedName));
    expect(filesOnDisk(server).stored).toEqual(expect.arrayContaining(record.attachments));
    expect(await recorder.settle()).toEqual([
      {
        event: 'supplierInquiryUpdated',
        summary: {
          id: record._id,
          kind: 'supplierInquiry',
          displayName: 'Sam Supplier',
          detail: 'Copper Cathode',
          createdAt: record.createdAt,
        },
      },
    ]);
  });

  it('accepts the remaining allowed type (TXT) and no files at all', async () => {
    const [name, make, mime] = ALLOWED_SAMPLES[10];
    const withText = await call(
      server,
      '/api/supplier',
      await withProof(server, postForm(supplierForm(supplierValues(), [{ name, bytes: make() }]))),
    );
    expect(withText.status).toBe(201);
    expect((await detail(withText.body.reference)).attachmentFiles[0].mimeType).toBe(mime);
    const none = await call(server, '/api/supplier', await withProof(server, postForm(supplierForm(supplierValues()))));
    expect(none.status).toBe(201);
    expect((await detail(none.body.reference)).attachmentFiles).toEqual([]);
  });

  it('answers a blank offer with the shared schema’s messages (docs/forms.md#offer-messages), storing nothing', async () => {
    const blank = composeSupplierOffer(SUPPLIER_OFFER_DEFAULTS);
    const res = await call(
      server,
      '/api/supplier',
      await withProof(server, postForm(multipart(toSupplierOfferFields(blank), 'attachments'))),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please fill all required fields', fields: schemaMessages(supplierOfferSchema, blank) });
    expect(await recorder.settle()).toEqual([]);
  });

  it('refuses 11 files, or one bad file among good ones, leaving nothing on disk', async () => {
    const before = filesOnDisk(server).stored.length;
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: png() }));
    const tooMany = await call(
      server,
      '/api/supplier',
      await withProof(server, postForm(supplierForm(supplierValues(), eleven))),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: 'Attach at most 10 files', fields: { attachments: 'Attach at most 10 files' } });

    const mixed = await call(
      server,
      '/api/supplier',
      await withProof(
        server,
        postForm(
          supplierForm(supplierValues(), [
            { name: 'ok.png', bytes: png() },
            { name: 'certificate.pdf', bytes: exe() },
          ]),
        ),
      ),
    );
    expect(mixed.status).toBe(415);
    expect(mixed.body.fields.attachments).toBe('The content of certificate.pdf is not a PDF');
    expect(filesOnDisk(server)).toEqual({ stored: expect.any(Array), incoming: [] });
    expect(filesOnDisk(server).stored).toHaveLength(before);
    expect(await recorder.settle()).toEqual([]);
  });

  it('keeps files sent without a usable name under a generated one, and shows names without reordering characters', async () => {
    const names = ['..', '.', '/', '', 'a/b/..', 'invoice\u202Efdp.txt'];
    const files = names.map((name) => ({ name, bytes: txt() }));
    const res = await call(server, '/api/supplier', await withProof(server, postForm(supplierForm(supplierValues(), files))));
    expect(res.status).toBe(201);
    const record = await detail(res.body.reference);
    // An empty name is how a browser sends a file input left empty: no file (docs/hardening.md).
    expect(record.attachmentFiles.map((f) => f.originalName)).toEqual([
      'file-1.txt',
      'file-2.txt',
      'file-3.txt',
      'file-4.txt',
      'invoicefdp.txt',
    ]);
    const download = await fetch(record.attachmentFiles[4].url);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="invoicefdp.txt"');
    expect(await recorder.settle()).toHaveLength(1);
  });

  it('refuses text files named to run on a desktop, leaving nothing on disk', async () => {
    const before = filesOnDisk(server).stored.length;
    const runnable = [
      'payment-details.bat',
      'invoice.js',
      'invoice.hta',
      'spec.vbs',
      'report.ps1',
      'open-me.command',
      'update.desktop',
      'doc.url',
      'Invoice.BAT',
      'invoice.pdf.lnk',
    ];
    for (const name of runnable) {
      const res = await call(
        server,
        '/api/supplier',
        await withProof(server, postForm(supplierForm(supplierValues(), [{ name, bytes: txt() }]))),
      );
      expect(res.status, name).toBe(415);
      expect(res.body.fields.attachments, name).toMatch(/^.+ cannot be sent: \.\w+ files can run programs\. Send a PDF/);
    }
    expect(filesOnDisk(server)).toEqual({ stored: expect.any(Array), incoming: [] });
    expect(filesOnDisk(server).stored).toHaveLength(before);
    expect(await recorder.settle()).toEqual([]);
  });

  it('serves a file under the extension its bytes show, with the visitor’s name as its label', async () => {
    const files = [
      { name: 'notes.md', bytes: txt() },
      { name: 'picture.jpeg.png', bytes: png() },
      { name: 'prices.csv', bytes: txt() },
    ];
    const res = await call(server, '/api/supplier', await withProof(server, postForm(supplierForm(supplierValues(), files))));
    expect(res.status).toBe(201);
    const record = await detail(res.body.reference);
    expect(record.attachmentFiles.map((f) => [f.originalName, f.fileName, f.storedName.slice(-4)])).toEqual([
      ['notes.md', 'notes.md.txt', '.txt'],
      ['picture.jpeg.png', 'picture.jpeg.png', '.png'],
      ['prices.csv', 'prices.csv', '.csv'],
    ]);
    const download = await fetch(record.attachmentFiles[0].url);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="notes.md.txt"');
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await recorder.settle()).toHaveLength(1);
  });

  it('takes an empty file input (an empty part without a name) as no file', async () => {
    const form = supplierForm(supplierValues());
    form.append('attachments', new Blob([]), '');
    const res = await call(server, '/api/supplier', await withProof(server, postForm(form)));
    expect(res.status).toBe(201);
    expect((await detail(res.body.reference)).attachmentFiles).toEqual([]);
    expect(filesOnDisk(server).incoming).toEqual([]);
    await recorder.settle();
  });

  it('lists offers newest first for an admin only', async () => {
    expect((await call(server, '/api/supplier/supplierInquires')).status).toBe(401);
    const page = (await call(server, '/api/supplier/supplierInquires', { headers: server.adminHeaders() }))
      .body as ListPage<SupplierInquiryRecord>;
    expect(page.total).toBe(6);
    const times = page.data.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
