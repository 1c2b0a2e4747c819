import { expect, SITE_ORIGIN, test } from './site-test';

/** The HTML a crawler (or a phone before any script runs) receives for each public route. */
const PRERENDERED = [
  { path: '/', h1: 'Global Commodities Sourcing', canonical: '/' },
  { path: '/about', h1: 'About Indus Global Sourcing', canonical: '/about' },
  { path: '/contact', h1: 'Get in Touch', canonical: '/contact' },
  { path: '/commodity-inquiry', h1: 'Commodity Inquiry Form', canonical: '/commodity-inquiry' },
];

for (const { path, h1, canonical } of PRERENDERED) {
  test(`${path} arrives prerendered with its content, metadata and Organization JSON-LD`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}${canonical}">`);
    expect(html).toMatch(/<title>[^<]+\| Indus Global Sourcing<\/title>/);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:site_name" content="Indus Global Sourcing">');
    expect(html).toContain(`<meta property="og:image" content="${SITE_ORIGIN}/social-card.jpg">`);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Organization', name: 'Indus Global Sourcing' });
  });
}

test('the home page HTML already lists every commodity', async ({ request }) => {
  const html = await (await request.get('/')).text();
  for (const name of [
    'Copper Cathode',
    'Coal',
    'Petroleum Coke',
    'Bauxite',
    'Iron Ore',
    'Aluminium Ingots',
    'Copper Concentrate',
    'Gems',
    'Olive Oil',
  ]) {
    expect(html).toContain(`>${name}</a>`);
  }
});

test('the social preview image and the logo of the JSON-LD are served', async ({ request }) => {
  const image = await request.get('/social-card.jpg');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/jpeg');
  expect((await request.get('/logo.svg')).status()).toBe(200);
});

test('robots.txt and sitemap.xml point crawlers at the public pages', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/', '/about', '/contact', '/commodity-inquiry', '/supplier-inquiry']) {
    expect(sitemap).toContain(`<loc>${SITE_ORIGIN}${path}</loc>`);
  }
  expect(sitemap).not.toContain('/admin');
});

test('visitors of the home page never download admin code or ECharts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(`${response.url()}\n${await response.text()}`);
  });
  await page.goto('/');
  await page.locator('.global-reach__map').scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(6);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.split('\n')[0]).not.toContain('/admin');
    expect(script).not.toMatch(/echarts|Admin Panel/i);
  }
});
