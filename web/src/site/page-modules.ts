/**
 * The prerendered page lists its own modules (the lazily loaded page and what it imports) in a
 * JSON script with this id; the entry preloads them once the page has painted.
 */
export const PAGE_MODULES_ID = 'page-modules';

/** The JSON script the prerender writes into the page's head. */
export function pageModulesScript(files: readonly string[]): string {
  return `<script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify(files)}</script>`;
}
