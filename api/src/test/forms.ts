import {
  composeSupplierOffer,
  SUPPLIER_OFFER_DEFAULTS,
  toCommodityInquiryFields,
  toSupplierOfferFields,
  type CommodityInquiryValues,
  type SupplierOfferValues,
} from '@sourcing/shared';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { TestServer } from './support';

/** A complete buyer inquiry as the form holds it. */
export function inquiryValues(overrides: Partial<CommodityInquiryValues> = {}): CommodityInquiryValues {
  return {
    fullName: 'Bob Buyer',
    companyName: 'Buyer Metals Ltd',
    designation: 'Head of procurement',
    gstNumber: '27AAAAA0000A1Z5',
    phoneNumber: '+91 9876543210',
    email: 'bob@buyer.example',
    addressCountry: '1 Harbour Road, Mumbai, India',
    userType: 'Trader',
    selectedCommodities: ['Copper Cathode', 'Others'],
    otherCommodity: 'Nickel',
    quantity: '500',
    unit: 'MT',
    purity: '99.99%',
    techSpecs: 'LME grade A, HS 7403',
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
    additionalComments: 'Monthly shipments',
    ...overrides,
  };
}

/** A complete supplier offer as the form holds it (numbers beside unit and currency). */
export function supplierValues(overrides: Partial<SupplierOfferValues> = {}): SupplierOfferValues {
  return {
    ...SUPPLIER_OFFER_DEFAULTS,
    fullName: 'Sam Supplier',
    companyName: 'Copperbelt Mining',
    phoneNumber: '+260 211000000',
    email: 'sam@supplier.example',
    address: 'Kitwe, Zambia',
    productName: 'Copper Cathode',
    productCategory: 'Metals',
    productDescription: 'Grade A',
    supplyCapacity: '500',
    minOrderQuantity: '25',
    pricePerUnit: '8900',
    originCountry: 'Zambia',
    portOfLoading: 'Dar es Salaam',
    exportMarkets: 'China, India',
    certifications: ['ISO 9001', 'SGS'],
    ...overrides,
  };
}

export interface UploadPart {
  name: string;
  bytes: Buffer;
  type?: string;
}

export function multipart(fields: Record<string, string>, fileField: string, files: UploadPart[] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return form;
}

export const inquiryForm = (values: CommodityInquiryValues, files: UploadPart[] = []) =>
  multipart(toCommodityInquiryFields(values), 'attachment', files);

export const supplierForm = (values: SupplierOfferValues, files: UploadPart[] = []) =>
  multipart(toSupplierOfferFields(composeSupplierOffer(values)), 'attachments', files);

export const postForm = (form: FormData): RequestInit => ({ method: 'POST', body: form });

/** Posts a form in 64 KiB chunks without a Content-Length: the server learns its size only as the bytes arrive. */
export async function postFormChunked(server: TestServer, path: string, form: FormData): Promise<{ status: number; body: unknown }> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': encoded.headers.get('content-type')! };
    const req = request({ host: hostname, port, path, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

/** Files in UPLOADS_DIR (stored) and in its incoming folder (in flight). */
export function filesOnDisk(server: TestServer): { stored: string[]; incoming: string[] } {
  const { uploadsDir } = server.deps.config;
  return {
    stored: readdirSync(uploadsDir).filter((name) => name !== '.incoming'),
    incoming: readdirSync(server.deps.uploads.incomingDir),
  };
}
