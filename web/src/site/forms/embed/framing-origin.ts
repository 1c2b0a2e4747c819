/**
 * The origin of the page framing this one (a partner's page around an embedded form), or null when
 * it is not framed. Read from `location.ancestorOrigins` where the browser has it, else from the
 * referrer (the framing page, for a frame's first load). The server keeps it only when EMBED_ORIGINS
 * lists it (docs/forms.md#embedded-forms).
 */
export function framingOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors?.length) return ancestors[0];
  try {
    return new URL(document.referrer).origin;
  } catch {
    return null;
  }
}
