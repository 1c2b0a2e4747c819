import { API_PATHS, SUBSCRIBER } from '@sourcing/shared';
import type { RecordKind } from '../record-kind';
import { subscribe } from './subscribe';

/** The one answer to every sign-up, new address or not: it never tells whether an address is on the list. */
export const SUBSCRIBED = 'Thank you! Please confirm your subscription from the e-mail we sent you';

/** Newsletter subscribers (docs/site.md#footer, docs/mail.md#newsletter): one row per address, whatever its letter case. */
export const SUBSCRIBER_KIND: RecordKind<typeof SUBSCRIBER> = {
  definition: SUBSCRIBER,
  entity: 'Subscriber',
  table: 'subscribers',
  submitPath: API_PATHS.subscribers,
  submitted: SUBSCRIBED,
  store: subscribe,
};
