import {
  BUYER_INQUIRY,
  FORM_PROOF_HEADER,
  composeSupplierOffer,
  sampleValues,
  SUPPLIER_OFFER,
  toCommodityInquiryFields,
  toSupplierOfferFields,
  validate,
  type AdminListName,
  type FieldErrors,
  type CommodityInquiryValues,
  type SupplierOfferValues,
} from '@sourcing/shared';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { z } from 'zod';
import { solvedProof } from './form-proof';
import type { TestServer } from './support';

/** A complete buyer inquiry as the form holds it: the definition's samples. */
export const inquiryValues = (overrides: Partial<CommodityInquiryValues> = {}) => sampleValues(BUYER_INQUIRY, overrides);

/** A complete supplier offer as the form holds it (numbers beside unit and currency). */
export const supplierValues = (overrides: Partial<SupplierOfferValues> = {}) => sampleValues(SUPPLIER_OFFER, overrides);

/** The text fields a form submits for its values (what the browser sends). */
export function submittedFields(list: AdminListName, values: Record<string, string | string[]>): Record<string, string> {
  if (list === 'inquiries') return toCommodityInquiryFields(values as CommodityInquiryValues);
  if (list === 'supplierInquiries') return toSupplierOfferFields(composeSupplierOffer(values as SupplierOfferValues));
  return values as Record<string, string>;
}

/** What a shared schema says of some values: its per-field messages (the values must be invalid). */
export function schemaMessages(schema: z.ZodType, values: unknown): FieldErrors {
  const result = validate(schema, values);
  if (result.ok) throw new Error('expected the values to be refused');
  return result.fields;
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
  multipart(submittedFields('inquiries', values), 'attachment', files);

export const supplierForm = (values: SupplierOfferValues, files: UploadPart[] = []) =>
  multipart(submittedFields('supplierInquiries', values), 'attachments', files);

export const postForm = (form: FormData): RequestInit => ({ method: 'POST', body: form });

/** Posts a form (with a solved proof) in 64 KiB chunks without a Content-Length: the server learns its size only as the bytes arrive. */
export async function postFormChunked(
  server: TestServer,
  path: string,
  form: FormData,
): Promise<{ status: number; body: unknown }> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const proof = await solvedProof(server);
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': encoded.headers.get('content-type')!, [FORM_PROOF_HEADER]: proof };
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
