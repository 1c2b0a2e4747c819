// Deep imports keep zod and the country list out of the site bundle.
/** The public site's API client: same origin, no session. */
import { createApiClient } from '@sourcing/shared/api-client';

export const siteApi = createApiClient({ baseUrl: '' });
