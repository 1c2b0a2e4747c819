import { describe, expect, it } from 'vitest';
import {
  fieldsShownIn,
  RECORD_DEFINITIONS,
  type AttachmentFile,
  type InquiryRecord,
  type SupplierInquiryRecord,
} from '@sourcing/shared';
import {
  CONTACTS,
  type Cell,
  formatDateTime,
  INQUIRIES,
  isEmptyCell,
  LIST_DEFINITIONS,
  SUPPLIER_INQUIRIES,
} from './list-definitions';

const file = (name: string): AttachmentFile => ({
  storedName: `${name}-stored`,
  originalName: name,
  fileName: name,
  mimeType: 'application/pdf',
  size: 10,
  url: `/api/uploads/${name}?sig=x`,
});

const labels = (cell: Cell) => (cell.kind === 'files' ? cell.links.map((l) => l.label) : null);

const headers = (d: (typeof LIST_DEFINITIONS)[number]) => d.columns.map((c) => c.header);

describe('list definitions (docs/admin.md#lists)', () => {
  it('titles, routes and state texts', () => {
    expect(LIST_DEFINITIONS.map((d) => [d.title, d.route, d.loadingText, d.emptyText, d.errorText('Boom')])).toEqual([
      ['All Inquiries', 'inquiries', 'Loading inquiries...', 'No inquiries found.', 'Error: Boom'],
      [
        'Supplier Product Submissions',
        'supplier-inquiries',
        'Loading supplier submissions...',
        'No supplier inquiries found.',
        'Error: Boom',
      ],
      ['Contact Queries', 'contact-queries', 'Loading contact queries...', 'No contact messages found.', 'Error: Boom'],
      ['Subscribers List', 'subscribers', 'Loading subscribers...', 'No subscribers found.', 'Boom'],
    ]);
  });

  it('columns and detail fields are the record definitions’ fields, labels in order; worked lists end with Status and Owner', () => {
    for (const definition of LIST_DEFINITIONS) {
      const labels = fieldsShownIn(RECORD_DEFINITIONS[definition.name], 'list').map((f) => f.label);
      const worked = RECORD_DEFINITIONS[definition.name].statuses !== null;
      expect(headers(definition)).toEqual(worked ? [...labels, 'Status', 'Owner'] : labels);
      expect(definition.details.map((c) => c.header)).toEqual(labels);
      expect(definition.statuses).toBe(RECORD_DEFINITIONS[definition.name].statuses);
    }
  });
});

describe('cells', () => {
  const cellOf = <R>(columns: { header: string; cell(r: R): unknown }[], header: string, record: R) =>
    columns.find((c) => c.header === header)!.cell(record);

  it('joins commodity and certification lists with commas', () => {
    const inquiry = { commodities: ['Coal', 'Bauxite'] } as InquiryRecord;
    expect(cellOf(INQUIRIES.columns, 'Commodities', inquiry)).toEqual({ kind: 'text', text: 'Coal, Bauxite' });
    const supplier = { certifications: ['ISO 9001', 'SGS'] } as SupplierInquiryRecord;
    expect(cellOf(SUPPLIER_INQUIRIES.columns, 'Certifications', supplier)).toEqual({ kind: 'text', text: 'ISO 9001, SGS' });
  });

  it('labels one inquiry file "View", supplier files "View 1", "View 2" (none: the view shows a dash)', () => {
    const inquiry = { attachmentFiles: [file('a.pdf')] } as InquiryRecord;
    expect(labels(INQUIRIES.columns.find((c) => c.header === 'Attachment')!.cell(inquiry))).toEqual(['View']);
    const supplier = { attachmentFiles: [file('a.pdf'), file('b.png')] } as SupplierInquiryRecord;
    expect(labels(SUPPLIER_INQUIRIES.columns.find((c) => c.header === 'Attachments')!.cell(supplier))).toEqual([
      'View 1',
      'View 2',
    ]);
    const none = { attachmentFiles: [] as AttachmentFile[] } as SupplierInquiryRecord;
    expect(labels(SUPPLIER_INQUIRIES.columns.find((c) => c.header === 'Attachments')!.cell(none))).toEqual([]);
  });

  it("shows an inquiry's address text once: the street part under Address, the country it ends with under Country", () => {
    const text = '12 Park Street, Kolkata, India';
    const inquiry = { address: text, addressCountry: text } as InquiryRecord;
    expect(cellOf(INQUIRIES.columns, 'Address', inquiry)).toEqual({ kind: 'multiline', text: '12 Park Street, Kolkata' });
    expect(cellOf(INQUIRIES.columns, 'Country', inquiry)).toEqual({ kind: 'text', text: 'India' });
    const noCountry = { address: 'Plot 7, Haldia', addressCountry: 'Plot 7, Haldia' } as InquiryRecord;
    expect(cellOf(INQUIRIES.columns, 'Address', noCountry)).toEqual({ kind: 'multiline', text: 'Plot 7, Haldia' });
    expect(cellOf(INQUIRIES.columns, 'Country', noCountry)).toEqual({ kind: 'text', text: '' });
    const supplier = { address: text } as SupplierInquiryRecord;
    expect(cellOf(SUPPLIER_INQUIRIES.columns, 'Address', supplier)).toEqual({ kind: 'multiline', text });
  });

  it('knows which cells have nothing to show', () => {
    expect(isEmptyCell({ kind: 'text', text: ' ' })).toBe(true);
    expect(isEmptyCell({ kind: 'text', text: 'Coal' })).toBe(false);
    expect(isEmptyCell({ kind: 'multiline', text: '' })).toBe(true);
    expect(isEmptyCell({ kind: 'files', links: [] })).toBe(true);
    expect(isEmptyCell({ kind: 'files', links: [{ label: 'View', file: file('a.pdf') }] })).toBe(false);
    expect(isEmptyCell({ kind: 'date', iso: '2026-11-22T10:05:00.000Z' })).toBe(false);
  });

  it('keeps message line breaks and shows dates in the given locale', () => {
    const contact = { _id: '1', name: 'N', email: 'e', message: 'line 1\nline 2', createdAt: '2026-11-22T10:05:00.000Z' };
    expect(cellOf(CONTACTS.columns, 'Message', contact)).toEqual({ kind: 'multiline', text: 'line 1\nline 2' });
    expect(cellOf(CONTACTS.columns, 'Received At', contact)).toEqual({ kind: 'date', iso: contact.createdAt });
    expect(formatDateTime('2026-11-22T10:05:00.000Z', 'en-US')).toBe(
      new Date('2026-11-22T10:05:00.000Z').toLocaleString('en-US'),
    );
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
