import { randomBytes } from 'node:crypto';
import { withProof } from '@sourcing/api/test/form-proof';
import { inquiryForm, inquiryValues, supplierForm, supplierValues } from '@sourcing/api/test/forms';
import { pdf } from '@sourcing/api/test/sample-files';

/** The four public endpoints, each with its admin list, the table its rows land in and whether it carries a file. */
export const ENDPOINTS = [
  { name: 'contact', list: 'contacts', path: '/api/contact', table: 'contact_messages', withFile: false },
  { name: 'subscribe', list: 'subscribers', path: '/api/subscribers', table: 'subscribers', withFile: false },
  { name: 'inquiry', list: 'inquiries', path: '/api/inquiry', table: 'inquiries', withFile: true },
  { name: 'supplier', list: 'supplierInquiries', path: '/api/supplier', table: 'supplier_inquiries', withFile: true },
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

const PDF = pdf();
const run = randomBytes(3).toString('hex');

/** Submission number `n` to an endpoint: distinct e-mails (subscriptions are unique), a PDF on the two forms. */
export function submission(endpoint: Endpoint, n: number): RequestInit {
  const email = `load-${run}-${n}@example.com`;
  const file = { name: `spec-${n}.pdf`, bytes: PDF, type: 'application/pdf' };
  switch (endpoint.name) {
    case 'contact':
      return json({ name: `Zoë Load ${n}`, email, message: `Message ${n}` });
    case 'subscribe':
      return json({ email });
    case 'inquiry':
      return { method: 'POST', body: inquiryForm(inquiryValues({ fullName: `Buyer ${n}`, email }), [file]) };
    case 'supplier':
      return { method: 'POST', body: supplierForm(supplierValues({ fullName: `Supplier ${n}`, email }), [file]) };
  }
}

const json = (value: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});

export interface Outcome {
  endpoint: Endpoint;
  status: number;
  reference: string | null;
}

/** Sends one submission; a connection error (the server died) is status 0. */
export async function submit(apiUrl: string, endpoint: Endpoint, n: number): Promise<Outcome> {
  try {
    const res = await fetch(`${apiUrl}${endpoint.path}`, await withProof({ url: apiUrl }, submission(endpoint, n)));
    const body = (await res.json().catch(() => null)) as { reference?: string } | null;
    return { endpoint, status: res.status, reference: body?.reference ?? null };
  } catch {
    return { endpoint, status: 0, reference: null };
  }
}
