import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CONTACT_MESSAGE, type ContactMessageRow } from '../db/entities/contact-message';
import { INQUIRY, type InquiryRow } from '../db/entities/inquiry';
import { SUBSCRIBER, type SubscriberRow } from '../db/entities/subscriber';
import { SUPPLIER_INQUIRY, type SupplierInquiryRow } from '../db/entities/supplier-inquiry';

/** Rows for seeding lists fast; `at` is the creation time, everything else can be overridden. */

export function contactRow(at: Date, overrides: Partial<ContactMessageRow> = {}): ContactMessageRow {
  return { id: randomUUID(), name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me', createdAt: at, ...overrides };
}

export function subscriberRow(at: Date, overrides: Partial<SubscriberRow> = {}): SubscriberRow {
  const id = randomUUID();
  return { id, email: `reader-${id}@example.com`, createdAt: at, ...overrides };
}

export function inquiryRow(at: Date, overrides: Partial<InquiryRow> = {}): InquiryRow {
  return {
    id: randomUUID(),
    fullName: 'Bob Buyer',
    companyName: 'Buyer Metals Ltd',
    designation: 'Procurement head',
    gstNumber: 'GST123',
    phoneNumber: '+91 9876543210',
    email: 'bob@buyer.example',
    address: '1 Harbour Road, Mumbai, India',
    addressCountry: '1 Harbour Road, Mumbai, India',
    userType: 'End User',
    commodities: ['Copper Cathode', 'Coal'],
    otherCommodity: '',
    quantity: '500',
    unit: 'MT',
    purity: '99.99%',
    technicalSpecs: 'LME grade A',
    packagingType: 'Bundles',
    packagingSize: '2 MT',
    specialPackaging: '',
    destinationCountry: 'India',
    destinationPort: 'Nhava Sheva',
    dispatchMode: 'CIF',
    customDispatchMode: '',
    deliveryTimeline: '60 days',
    certifications: 'SGS',
    regulatoryCompliance: 'REACH',
    paymentTerms: 'LC at sight',
    comments: '',
    attachments: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function supplierInquiryRow(at: Date, overrides: Partial<SupplierInquiryRow> = {}): SupplierInquiryRow {
  return {
    id: randomUUID(),
    fullName: 'Sam Supplier',
    companyName: 'Copperbelt Mining',
    designation: 'Sales director',
    gstNumber: '',
    phoneNumber: '+260 211 000000',
    email: 'sam@supplier.example',
    address: 'Kitwe, Zambia',
    productName: 'Copper Cathode',
    productCategory: 'Metals',
    productDescription: 'Grade A cathodes',
    supplyCapacity: '500 MT/month',
    unit: 'MT',
    minOrderQuantity: '25 MT',
    pricePerUnit: 'USD 8900 per MT',
    currency: 'USD',
    leadTime: '30 days',
    incoterm: 'FOB',
    originCountry: 'Zambia',
    portOfLoading: 'Dar es Salaam',
    exportCapability: 'Yes',
    exportMarkets: 'China, India',
    certifications: ['ISO 9001', 'SGS'],
    productSpecs: 'Cu 99.99%',
    packagingDetails: 'Bundles of 2 MT',
    privateLabeling: 'No',
    paymentTerms: 'LC',
    additionalComments: '',
    attachments: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const ENTITY_OF = {
  contacts: CONTACT_MESSAGE,
  subscribers: SUBSCRIBER,
  inquiries: INQUIRY,
  supplierInquiries: SUPPLIER_INQUIRY,
} as const;

/** Inserts many rows in multi-row INSERTs inside one transaction (fast on both engines). */
export async function seedRows<Row extends object>(dataSource: DataSource, entity: string, rows: Row[], batchSize = 200) {
  await dataSource.transaction(async (manager) => {
    for (let i = 0; i < rows.length; i += batchSize) {
      await manager.createQueryBuilder().insert().into(entity).values(rows.slice(i, i + batchSize)).execute();
    }
  });
}
