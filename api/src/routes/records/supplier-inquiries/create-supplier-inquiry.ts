import { randomUUID } from 'node:crypto';
import type { SupplierOffer } from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { SUPPLIER_INQUIRY, type SupplierInquiryRow } from '../../../db/entities/supplier-inquiry';
import { storeWithFiles } from '../../../records/store-with-files';
import type { CheckedFile } from '../../../uploads/check-files';

export async function createSupplierInquiry(
  deps: Pick<AppDeps, 'dataSource' | 'uploads' | 'now'>,
  input: SupplierOffer,
  files: CheckedFile[],
): Promise<SupplierInquiryRow> {
  const now = deps.now();
  return storeWithFiles(deps, 'supplierInquiry', files, async (manager, attachments) => {
    const row: SupplierInquiryRow = { id: randomUUID(), ...input, attachments, createdAt: now, updatedAt: now };
    await manager.getRepository<SupplierInquiryRow>(SUPPLIER_INQUIRY).insert(row);
    return row;
  });
}
