import { API_PATHS, SUBSCRIBER } from '@sourcing/shared';
import type { RecordKind } from '../record-kind';
import { subscribe } from './subscribe';

export const SUBSCRIBED = 'Subscribed successfully';
export const ALREADY_SUBSCRIBED = 'You are already subscribed';

/** Newsletter subscribers (docs/site.md#footer): one row per address, whatever its letter case. */
export const SUBSCRIBER_KIND: RecordKind<typeof SUBSCRIBER> = {
  definition: SUBSCRIBER,
  entity: 'Subscriber',
  table: 'subscribers',
  submitPath: API_PATHS.subscribers,
  submitted: SUBSCRIBED,
  alreadyStored: ALREADY_SUBSCRIBED,
  store: subscribe,
};
