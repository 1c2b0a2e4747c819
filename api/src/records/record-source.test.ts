import { EMBED_ORIGIN_HEADER } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { inquiryForm, inquiryValues, postForm, supplierForm, supplierValues } from '../test/forms';
import { recordByReference } from '../test/references';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

const PARTNER = 'https://partner.example';
/** Listed as `https://*.shops.example`: each shop frames the form (docs/forms.md#embedded-forms). */
const WILDCARD_DOMAIN = 'shops.example';

describe.each(TEST_ENGINES)('record sources on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { EMBED_ORIGINS: `https://other-partner.example, ${PARTNER}/, https://*.${WILDCARD_DOMAIN}` },
    });
  });
  afterAll(() => server?.close());

  /** Submits a buyer inquiry (naming the page framing it, if `embeddedIn`) and reads back the stored record. */
  async function submitInquiry(embeddedIn?: string) {
    const headers = embeddedIn === undefined ? undefined : { [EMBED_ORIGIN_HEADER]: embeddedIn };
    const res = await call(
      server,
      '/api/inquiry',
      await withProof(server, { ...postForm(inquiryForm(inquiryValues())), headers }),
    );
    expect(res.status, res.text).toBe(201);
    return recordByReference(server, 'inquiries', res.body.reference);
  }

  it('a submission from the site’s own form is stored as form', async () => {
    expect(await submitInquiry()).toMatchObject({ source: 'form', sourcePartner: null });
  });

  it('a submission from an embedded form framed by a listed partner is stored as embed, with its origin', async () => {
    expect(await submitInquiry(PARTNER)).toMatchObject({ source: 'embed', sourcePartner: PARTNER });
    const res = await call(
      server,
      '/api/supplier',
      await withProof(server, { ...postForm(supplierForm(supplierValues())), headers: { [EMBED_ORIGIN_HEADER]: PARTNER } }),
    );
    expect(res.status, res.text).toBe(201);
    expect(await recordByReference(server, 'supplierInquiries', res.body.reference)).toMatchObject({
      source: 'embed',
      sourcePartner: PARTNER,
    });
  });

  it('a submission framed by an origin under a listed wildcard is stored as embed, with that origin', async () => {
    for (const shop of [`https://eu.${WILDCARD_DOMAIN}`, `https://a.b.${WILDCARD_DOMAIN}`]) {
      expect(await submitInquiry(shop)).toMatchObject({ source: 'embed', sourcePartner: shop });
    }
    for (const claimed of [
      `https://${WILDCARD_DOMAIN}`,
      `http://eu.${WILDCARD_DOMAIN}`,
      `https://eu.${WILDCARD_DOMAIN}.evil.example`,
    ]) {
      expect(await submitInquiry(claimed)).toMatchObject({ source: 'form', sourcePartner: null });
    }
  });

  it('an origin EMBED_ORIGINS does not list, or no origin at all, is stored as form and never kept', async () => {
    for (const claimed of ['https://unlisted.example', 'http://partner.example', `${PARTNER}.evil.example`, 'partner', '']) {
      expect(await submitInquiry(claimed)).toMatchObject({ source: 'form', sourcePartner: null });
    }
  });
});
