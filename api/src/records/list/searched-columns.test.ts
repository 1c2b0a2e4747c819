import { describe, expect, it } from 'vitest';
import { SEARCHED } from '../../db/migrations/1795000000020-create-search-indexes';
import { contactList } from '../../routes/records/contact/contact-list';
import { inquiryList } from '../../routes/records/inquiries/inquiry-list';
import { subscriberList } from '../../routes/records/subscribers/subscriber-list';
import { supplierInquiryList } from '../../routes/records/supplier-inquiries/supplier-inquiry-list';

describe('searched columns', () => {
  it('are the columns the search indexes were built on, so `q` keeps using them', () => {
    expect({
      contact_messages: contactList.searchColumns,
      subscribers: subscriberList.searchColumns,
      inquiries: inquiryList.searchColumns,
      supplier_inquiries: supplierInquiryList.searchColumns,
    }).toEqual(SEARCHED);
  });
});
