/**
 * Puts the focus back on `element` once a change made from a form has settled (docs/admin.md#keyboard):
 * when it fell to the page (its button was disabled while the change ran) or is still within
 * `form`. An admin who has moved on meanwhile keeps their place.
 */
export function focusAfterChange(element: HTMLElement | null, form: HTMLElement | null): void {
  if (!element) return;
  const active = document.activeElement;
  if (active === null || active === document.body || form?.contains(active)) element.focus();
}
