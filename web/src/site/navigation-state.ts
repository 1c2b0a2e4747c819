/**
 * What pages tell each other when they navigate: a leaf module (it imports nothing of ours), so
 * pages and the route table never import each other. See docs/site.md#top-bar.
 */

/** The id of the home page's commodities section (the top bar's Commodities anchor). */
export const COMMODITIES_SECTION_ID = 'commodities';

/** The not-found page is prerendered at this path (the API serves it for unknown paths). */
export const NOT_FOUND_PATH = '/404';

/** Navigation state asking home to scroll to the commodities section. */
export interface HomeNavigationState {
  scrollTo?: 'commodities';
}

/** Navigation state of a commodity card opening the inquiry form (read by the form). */
export interface CommodityInquiryNavigationState {
  commodityName?: string;
}
