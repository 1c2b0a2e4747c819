import { RESYNC_MESSAGE, type RealtimeEvent } from '@sourcing/shared';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (and would abort the transaction sending it). */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;
/** The summary's name and detail are cut here, in characters, as by the trigger of migration 1795000000600. */
export const SUMMARY_TEXT_MAX_CHARS = 500;

/** PostgreSQL's left(text, n): the first n characters (code points, not UTF-16 units). */
function left(text: string, chars: number): string {
  if (text.length <= chars) return text;
  return Array.from(text).slice(0, chars).join('');
}

/**
 * The one NOTIFY payload of a realtime event, whoever sends it (the app from a transaction, the
 * publisher pool, and in shape the record tables' trigger): the event as JSON, name and detail
 * cut as the trigger cuts them. An event that would still not fit becomes the resync message, so
 * admins re-read instead of missing it and the change that sent it still commits
 * (docs/operations.md#realtime-across-replicas).
 */
export function notifyPayload(event: RealtimeEvent): string {
  const { displayName, detail } = event.summary;
  const summary = {
    ...event.summary,
    displayName: left(displayName, SUMMARY_TEXT_MAX_CHARS),
    ...(detail === undefined ? {} : { detail: left(detail, SUMMARY_TEXT_MAX_CHARS) }),
  };
  const payload = JSON.stringify({ ...event, summary });
  return Buffer.byteLength(payload) < NOTIFY_PAYLOAD_LIMIT_BYTES ? payload : RESYNC_MESSAGE;
}
