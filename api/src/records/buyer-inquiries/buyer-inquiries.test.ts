import {
  COMMODITY_INQUIRY_DEFAULTS,
  commodityInquirySchema,
  REFERENCE_PATTERN,
  type InquiryRecord,
  type ListPage,
} from '@sourcing/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exe, pdf, png, txt } from '../../test/sample-files';
import { filesOnDisk, inquiryForm, inquiryValues, postForm, schemaMessages } from '../../test/forms';
import { recordEvents } from '../../test/events';
import { recordByReference } from '../../test/references';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { withProof } from '../../test/form-proof';
import { INQUIRY_SUBMITTED } from './buyer-inquiry-kind';

describe.each(TEST_ENGINES)('commodity inquiries on %s', (engine) => {
  let server: TestServer;
  let recorder: ReturnType<typeof recordEvents>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    recorder = recordEvents(server);
  });
  afterAll(() => server?.close());
  beforeEach(() => recorder.reset());

  const list = async (query = '') =>
    (await call(server, `/api/inquiry/inquiries${query}`, { headers: server.adminHeaders() })).body as ListPage<InquiryRecord>;

  it('stores a multipart inquiry under the stored names of docs/forms.md#inquiry-stored-names and announces it', async () => {
    const res = await call(server, '/api/inquiry', await withProof(server, postForm(inquiryForm(inquiryValues()))));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: INQUIRY_SUBMITTED, reference: expect.stringMatching(REFERENCE_PATTERN) });
    expect(res.body.reference).toMatch(/^INQ-/);

    const { _id } = await recordByReference(server, 'inquiries', res.body.reference);
    const detail = await call(server, `/api/inquiry/inquiries/${_id}`, { headers: server.adminHeaders() });
    expect(detail.status).toBe(200);
    const record = detail.body as InquiryRecord;
    expect(record).toEqual({
      _id,
      reference: res.body.reference,
      fullName: 'Bob Buyer',
      companyName: 'Buyer Metals Ltd',
      designation: 'Head of procurement',
      gstNumber: '27AAAAA0000A1Z5',
      phoneNumber: '+91 9876543210',
      email: 'bob@buyer.example',
      address: '1 Harbour Road, Mumbai, India',
      addressCountry: '1 Harbour Road, Mumbai, India',
      userType: 'Trader',
      commodities: ['Copper Cathode', 'Others'],
      otherCommodity: 'Nickel',
      quantity: '500',
      unit: 'MT',
      purity: '99.99%',
      technicalSpecs: 'LME grade A, HS 7403',
      packagingType: 'Bundles',
      packagingSize: '2 MT',
      specialPackaging: 'Shrink wrapped',
      destinationCountry: 'India',
      destinationPort: 'Nhava Sheva',
      dispatchMode: 'CIF',
      customDispatchMode: '',
      deliveryTimeline: '60 days',
      certifications: 'SGS',
      regulatoryCompliance: 'REACH',
      paymentTerms: 'LC at sight',
      comments: 'Monthly shipments',
      attachment: null,
      attachmentFiles: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: record.createdAt,
      status: 'New',
      ownerId: null,
      version: 1,
      followUpAt: null,
      followUpNote: null,
      snoozedUntil: null,
      firstResponseAt: null,
      firstResponderId: null,
      responseDueAt: null,
      outcomeReason: null,
      source: 'form',
      sourcePartner: null,
    });
    expect(await recorder.settle()).toEqual([
      {
        event: 'inquiryUpdated',
        summary: {
          id: record._id,
          kind: 'inquiry',
          displayName: 'Bob Buyer',
          detail: 'Buyer Metals Ltd',
          createdAt: record.createdAt,
        },
      },
    ]);
  });

  it('keeps a typed dispatch mode as Others plus the custom text', async () => {
    const res = await call(
      server,
      '/api/inquiry',
      await withProof(
        server,
        postForm(inquiryForm(inquiryValues({ dispatchMode: 'Others', customDispatchMode: 'Rail to Kolkata' }))),
      ),
    );
    expect(res.status).toBe(201);
    const record = (await list()).data.find((r) => r.reference === res.body.reference)!;
    expect(record).toMatchObject({ dispatchMode: 'Others', customDispatchMode: 'Rail to Kolkata' });
  });

  it('answers a blank inquiry with the shared schema’s messages (docs/forms.md#inquiry-messages), storing nothing', async () => {
    const before = (await list()).total;
    const blank = { ...COMMODITY_INQUIRY_DEFAULTS, fullName: ' ' };
    const res = await call(server, '/api/inquiry', await withProof(server, postForm(inquiryForm(blank))));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please fill all required fields', fields: schemaMessages(commodityInquirySchema, blank) });
    expect(res.body.fields).toMatchObject({ fullName: 'Full Name is required', unit: 'Unit is required' });
    const others = await call(
      server,
      '/api/inquiry',
      await withProof(
        server,
        postForm(inquiryForm(inquiryValues({ otherCommodity: '', dispatchMode: 'Others', customDispatchMode: '' }))),
      ),
    );
    expect(others.status).toBe(400);
    expect(others.body.fields).toEqual({ otherCommodity: 'Specify other commodity', dispatchMode: 'Dispatch Mode is required' });
    expect((await list()).total).toBe(before);
    expect(await recorder.settle()).toEqual([]);
  });

  it('stores one attachment under a generated name and lists it with a signed link', async () => {
    const res = await call(
      server,
      '/api/inquiry',
      await withProof(
        server,
        postForm(inquiryForm(inquiryValues(), [{ name: 'Spec sheet.pdf', bytes: pdf(), type: 'application/pdf' }])),
      ),
    );
    expect(res.status).toBe(201);
    const record = (await list()).data.find((r) => r.reference === res.body.reference)!;
    expect(record.attachment).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(record.attachmentFiles).toEqual([
      {
        storedName: record.attachment,
        originalName: 'Spec sheet.pdf',
        fileName: 'Spec sheet.pdf',
        mimeType: 'application/pdf',
        size: pdf().length,
        url: expect.stringMatching(
          new RegExp(`^${server.url}/api/uploads/${record.attachment}\\?expires=\\d+&by=[\\w-]+&session=[\\w-]*&sig=`),
        ),
      },
    ]);
    expect(filesOnDisk(server)).toEqual({ stored: expect.arrayContaining([record.attachment]), incoming: [] });

    const opened = await fetch(record.attachmentFiles[0].url);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf())).toBe(true);
  });

  describe('refused uploads leave nothing behind', () => {
    const refuse = async (files: Parameters<typeof inquiryForm>[1], values = inquiryValues()) => {
      const before = filesOnDisk(server).stored.length;
      const total = (await list()).total;
      const res = await call(server, '/api/inquiry', await withProof(server, postForm(inquiryForm(values, files))));
      expect(filesOnDisk(server).stored).toHaveLength(before);
      expect(filesOnDisk(server).incoming).toEqual([]);
      expect((await list()).total).toBe(total);
      expect(await recorder.settle()).toEqual([]);
      return res;
    };

    it('a program renamed to .pdf, told that its content is not a PDF', async () => {
      const res = await refuse([{ name: 'invoice.pdf', bytes: exe(), type: 'application/pdf' }]);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: 'The content of invoice.pdf is not a PDF',
        fields: { attachment: 'The content of invoice.pdf is not a PDF' },
      });
    });

    it('a program under its own name, or another type, told why', async () => {
      const res = await refuse([{ name: 'setup.exe', bytes: exe() }]);
      expect(res.status).toBe(415);
      expect(res.body.fields).toEqual({
        attachment: 'setup.exe cannot be sent: .exe files can run programs. Send a PDF, a picture or an office document instead',
      });
      const archive = await refuse([{ name: 'specs.tar', bytes: exe() }]);
      expect(archive.body.fields).toEqual({
        attachment: 'specs.tar is not an allowed file type (PDF, PNG, JPEG, WebP, GIF, DOC, DOCX, XLS, XLSX, CSV, TXT)',
      });
      const sheet = await refuse([{ name: 'prices.xlsx', bytes: exe() }]);
      expect(sheet.body.error).toBe('The content of prices.xlsx is not an XLSX');
    });

    it('a file over 10 MB', async () => {
      const res = await refuse([{ name: 'huge.txt', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') }]);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        error: 'Each file must be at most 10 MB',
        fields: { attachment: 'Each file must be at most 10 MB' },
      });
    });

    it('a second file', async () => {
      const res = await refuse([
        { name: 'a.png', bytes: png() },
        { name: 'b.png', bytes: png() },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Attach at most one file', fields: { attachment: 'Attach at most one file' } });
    });

    it('a valid file with invalid fields', async () => {
      const res = await refuse([{ name: 'notes.txt', bytes: txt() }], inquiryValues({ fullName: '' }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ fullName: 'Full Name is required' });
    });

    it('a file under another field name', async () => {
      const form = inquiryForm(inquiryValues());
      form.append('file', new Blob([new Uint8Array(png())]), 'x.png');
      const before = filesOnDisk(server).stored.length;
      const res = await call(server, '/api/inquiry', await withProof(server, postForm(form)));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Unexpected file field: file' });
      expect(filesOnDisk(server)).toEqual({ stored: expect.any(Array), incoming: [] });
      expect(filesOnDisk(server).stored).toHaveLength(before);
    });
  });
});
