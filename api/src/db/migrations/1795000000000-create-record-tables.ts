import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The four record tables. Written by hand for both engines: uuid/timestamptz on PostgreSQL,
 * text/datetime on SQLite. Every table has a (createdAt, id) index for newest-first keyset pages.
 */
/** The submitter's columns, first in both inquiry tables. */
const SUBMITTER = ['fullName', 'companyName', 'designation', 'gstNumber', 'phoneNumber', 'email', 'address'];

export class CreateRecordTables1795000000000 implements MigrationInterface {
  name = 'CreateRecordTables1795000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const id = postgres ? 'uuid PRIMARY KEY' : 'varchar(36) PRIMARY KEY NOT NULL';
    const time = postgres ? 'timestamptz NOT NULL' : 'datetime NOT NULL';
    const text = (names: string[]) => names.map((n) => `"${n}" text NOT NULL DEFAULT ''`).join(',\n  ');
    const jsonList = (name: string) => `"${name}" text NOT NULL DEFAULT '[]'`;

    await queryRunner.query(`CREATE TABLE "contact_messages" (
  "id" ${id},
  ${text(['name', 'email', 'message'])},
  "createdAt" ${time}
)`);
    await queryRunner.query(`CREATE TABLE "subscribers" (
  "id" ${id},
  ${text(['email'])},
  "createdAt" ${time}
)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "subscribers_email_lower" ON "subscribers" (LOWER("email"))`);

    await queryRunner.query(`CREATE TABLE "inquiries" (
  "id" ${id},
  ${text([...SUBMITTER, 'addressCountry', 'userType'])},
  ${jsonList('commodities')},
  ${text([
    'otherCommodity',
    'quantity',
    'unit',
    'purity',
    'technicalSpecs',
    'packagingType',
    'packagingSize',
    'specialPackaging',
    'destinationCountry',
    'destinationPort',
    'dispatchMode',
    'customDispatchMode',
    'deliveryTimeline',
    'certifications',
    'regulatoryCompliance',
    'paymentTerms',
    'comments',
  ])},
  ${jsonList('attachments')},
  "createdAt" ${time},
  "updatedAt" ${time}
)`);

    await queryRunner.query(`CREATE TABLE "supplier_inquiries" (
  "id" ${id},
  ${text([
    ...SUBMITTER,
    'productName',
    'productCategory',
    'productDescription',
    'supplyCapacity',
    'unit',
    'minOrderQuantity',
    'pricePerUnit',
    'currency',
    'leadTime',
    'incoterm',
    'originCountry',
    'portOfLoading',
    'exportCapability',
    'exportMarkets',
  ])},
  ${jsonList('certifications')},
  ${text(['productSpecs', 'packagingDetails', 'privateLabeling', 'paymentTerms', 'additionalComments'])},
  ${jsonList('attachments')},
  "createdAt" ${time},
  "updatedAt" ${time}
)`);

    for (const table of ['contact_messages', 'subscribers', 'inquiries', 'supplier_inquiries']) {
      await queryRunner.query(`CREATE INDEX "${table}_created" ON "${table}" ("createdAt", "id")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['supplier_inquiries', 'inquiries', 'subscribers', 'contact_messages']) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
