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

/** The inquiry form's query parameter naming a commodity, as the embed takes it too. */
export const COMMODITY_PARAM = 'commodity';

/**
 * A card's link names its commodity in the URL as well as in the state, so a link opened in a new
 * tab, or followed before the page's script has started, still chooses it.
 */
export const commodityInquiryHref = (commodityName: string) =>
  `/commodity-inquiry?${new URLSearchParams({ [COMMODITY_PARAM]: commodityName })}`;
