import { EMBED_ORIGIN_HEADER, type RecordSource } from '@sourcing/shared';
import { isEmbedOrigin } from '../http/embed-origins';

/** Where a submitted record came from, as stored in its `source` and `sourcePartner` (docs/admin.md#record-sources). */
export interface SubmissionSource {
  source: RecordSource;
  sourcePartner: string | null;
}

const FROM_FORM: SubmissionSource = { source: 'form', sourcePartner: null };

/** A URL's origin ('https://partner.example'), or null when it is none. */
function originOf(text: string): string | null {
  try {
    const { origin } = new URL(text);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The source of a submission: `embed` with the partner's origin when the embedded form names the
 * page framing it (EMBED_ORIGIN_HEADER) and EMBED_ORIGINS lets that origin frame it (listed, or
 * under a listed `*.` wildcard), else the site's own `form`. The browser lets only those origins
 * frame the form (CSP frame-ancestors), matched as isEmbedOrigin does; an unlisted claim is never
 * stored, so the reports name no partner the site does not know (docs/forms.md#embedded-forms).
 */
export function submissionSource(headers: { get(name: string): string }, embedOrigins: readonly string[]): SubmissionSource {
  const claimed = originOf(headers.get(EMBED_ORIGIN_HEADER));
  if (claimed === null || !isEmbedOrigin(claimed, embedOrigins)) return FROM_FORM;
  return { source: 'embed', sourcePartner: claimed };
}
