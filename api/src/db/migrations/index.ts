/**
 * Every migration, in order. Migrations are frozen snapshots: they repeat the names they need and
 * application code never imports from them; only this list (for the data source) does.
 */
import { CreateRecordTables1795000000000 } from './1795000000000-create-record-tables';
import { CreateAdminTables1795000000001 } from './1795000000001-create-admin-tables';
import { CreateUploadedFiles1795000000010 } from './1795000000010-create-uploaded-files';
import { CreateSearchIndexes1795000000020 } from './1795000000020-create-search-indexes';
import { CreateRecordCounts1795000000030 } from './1795000000030-create-record-counts';
import { CreateSqliteSearch1795000000040 } from './1795000000040-create-sqlite-search';
import { CreateInquirySlotCounts1795000000050 } from './1795000000050-create-inquiry-slot-counts';
import { CreateRateLimits1795000000060 } from './1795000000060-create-rate-limits';
import { CreateSalesDesk1795000000100 } from './1795000000100-create-sales-desk';
import { AddStaffRoles1795000000200 } from './1795000000200-add-staff-roles';
import { CreateAuditLog1795000000210 } from './1795000000210-create-audit-log';
import { AddReferences1795000000300 } from './1795000000300-add-references';
import { CreateMailOutbox1795000000310 } from './1795000000310-create-mail-outbox';
import { AddSubscriberConsent1795000000320 } from './1795000000320-add-subscriber-consent';
import { CreateUsedFormProofs1795000000400 } from './1795000000400-create-used-form-proofs';
import { AnnounceRecords1795000000600 } from './1795000000600-announce-records';
import { SearchEveryTextField1795000000700 } from './1795000000700-search-every-text-field';
import { IndexRecordOwners1795000000710 } from './1795000000710-index-record-owners';
import { CreateMatching1795000000750 } from './1795000000750-create-matching';
import { CreateReadState1795000000800 } from './1795000000800-create-read-state';

export const MIGRATIONS = [
  CreateRecordTables1795000000000,
  CreateAdminTables1795000000001,
  CreateUploadedFiles1795000000010,
  CreateSearchIndexes1795000000020,
  CreateRecordCounts1795000000030,
  CreateSqliteSearch1795000000040,
  CreateInquirySlotCounts1795000000050,
  CreateRateLimits1795000000060,
  CreateSalesDesk1795000000100,
  AddStaffRoles1795000000200,
  CreateAuditLog1795000000210,
  AddReferences1795000000300,
  CreateMailOutbox1795000000310,
  AddSubscriberConsent1795000000320,
  CreateUsedFormProofs1795000000400,
  AnnounceRecords1795000000600,
  SearchEveryTextField1795000000700,
  IndexRecordOwners1795000000710,
  CreateMatching1795000000750,
  CreateReadState1795000000800,
];
