/** Helpers of the admin browser tests: sign in, and seed records through the public endpoints. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  composeSupplierOffer,
  SUPPLIER_OFFER_DEFAULTS,
  toCommodityInquiryFields,
  toSupplierOfferFields,
  type CommodityInquiryValues,
  type SupplierOfferValues,
} from '@sourcing/shared';
import { E2E_ADMIN } from '../support/env';

/** A tag unique to one test, so rows it seeds can be found with a search in the shared database. */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export async function signIn(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
}

async function expectCreated(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), await response.text()).toBe(201);
}

export async function seedContact(request: APIRequestContext, input: { name: string; email: string; message: string }) {
  await expectCreated(await request.post('/api/contact', { data: input }));
}

export async function seedSubscriber(request: APIRequestContext, email: string) {
  await expectCreated(await request.post('/api/subscribers', { data: { email } }));
}

export function inquiryValues(tag: string, overrides: Partial<CommodityInquiryValues> = {}): CommodityInquiryValues {
  return {
    fullName: `Jane ${tag}`,
    companyName: `Acme Metals ${tag}`,
    designation: 'Buyer',
    gstNumber: 'GST-123',
    phoneNumber: '+91 9876543210',
    email: `${tag.toLowerCase()}@buyer.example.com`,
    addressCountry: '12 Park Street, Kolkata, India',
    userType: 'Trader',
    selectedCommodities: ['Coal', 'Bauxite'],
    otherCommodity: '',
    quantity: '500',
    unit: 'MT',
    purity: '99.5%',
    techSpecs: 'HS 2701',
    packagingType: 'Bulk',
    packagingSize: '50 kg',
    specialPackaging: 'Labelled bags',
    destinationCountry: 'India',
    destinationPort: 'Haldia',
    dispatchMode: 'CIF',
    customDispatchMode: '',
    deliveryTimeline: '30 days',
    certifications: 'SGS',
    regulatoryCompliance: 'REACH',
    paymentTerms: 'LC at sight',
    additionalComments: 'Urgent',
    ...overrides,
  };
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 1x1 PNG. */
export const PNG_FILE: UploadFile = {
  name: 'sample.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

export const PDF_FILE: UploadFile = {
  name: 'specs.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

export async function seedInquiry(request: APIRequestContext, values: CommodityInquiryValues, attachment?: UploadFile) {
  const multipart: Record<string, string | UploadFile> = { ...toCommodityInquiryFields(values) };
  if (attachment) multipart.attachment = attachment;
  await expectCreated(await request.post('/api/inquiry', { multipart }));
}

export function supplierValues(tag: string, overrides: Partial<SupplierOfferValues> = {}): SupplierOfferValues {
  return {
    ...SUPPLIER_OFFER_DEFAULTS,
    fullName: `Sam ${tag}`,
    companyName: `Ore Traders ${tag}`,
    designation: 'Director',
    gstNumber: 'VAT-9',
    phoneNumber: '+27 111222333',
    email: `${tag.toLowerCase()}@supplier.example.com`,
    address: '1 Mine Road, Johannesburg',
    productName: `Coal RB1 ${tag}`,
    productCategory: 'Coal',
    productDescription: 'Steam coal',
    supplyCapacity: '5000',
    minOrderQuantity: '100',
    pricePerUnit: '120',
    leadTime: '3 weeks',
    originCountry: 'South Africa',
    portOfLoading: 'Richards Bay',
    exportMarkets: 'India, China',
    certifications: ['ISO 9001', 'SGS'],
    productSpecs: 'NAR 5500',
    packagingDetails: 'Bulk',
    paymentTerms: 'LC',
    additionalComments: 'Ready stock',
    ...overrides,
  };
}

/** Posts a supplier offer; files go in the repeated `attachments` field (Playwright's multipart takes one value per name, so FormData). */
export async function seedSupplierOffer(request: APIRequestContext, values: SupplierOfferValues, files: UploadFile[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(toSupplierOfferFields(composeSupplierOffer(values)))) form.append(key, value);
  for (const file of files) form.append('attachments', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  await expectCreated(await request.post('/api/supplier', { multipart: form }));
}
