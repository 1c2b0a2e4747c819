import { randomUUID } from 'node:crypto';
import type { CommodityInquiry } from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { INQUIRY, type InquiryRow } from '../../../db/entities/inquiry';
import { storeWithFiles } from '../../../records/store-with-files';
import type { CheckedFile } from '../../../uploads/check-files';

/**
 * Stores a buyer's inquiry under SPEC's stored names: techSpecs -> technicalSpecs,
 * additionalComments -> comments, selectedCommodities -> commodities, and the address text the
 * form sends as addressCountry kept as both address and addressCountry.
 */
export async function createInquiry(
  deps: Pick<AppDeps, 'dataSource' | 'uploads' | 'now'>,
  input: CommodityInquiry,
  files: CheckedFile[],
): Promise<InquiryRow> {
  const { techSpecs, additionalComments, selectedCommodities, ...same } = input;
  const now = deps.now();
  return storeWithFiles(deps, 'inquiry', files, async (manager, attachments) => {
    const row: InquiryRow = {
      id: randomUUID(),
      ...same,
      address: input.addressCountry,
      technicalSpecs: techSpecs,
      comments: additionalComments,
      commodities: selectedCommodities,
      attachments,
      createdAt: now,
      updatedAt: now,
    };
    await manager.getRepository<InquiryRow>(INQUIRY).insert(row);
    return row;
  });
}
