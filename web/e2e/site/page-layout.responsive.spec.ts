/**
 * Every public page looks the same however the visitor arrives: opened directly (a search
 * result, a shared link, a partner's iframe: the page's own stylesheet arrives with the HTML) or
 * reached from the other pages inside the site (every lazily loaded stylesheet already there,
 * the page's own one added last).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './site-test';

interface PublicPage {
  path: string;
  /** Something that shows once the page has rendered. */
  ready: (page: Page) => Promise<void>;
  /** Brings the page into the state to compare (e.g. a dialog opened). */
  open?: (page: Page) => Promise<void>;
}

/** The page's heading is shown and its script has taken over (the controls it gates are enabled). */
const heading = (name: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.locator('.topbar__menu-toggle, .form-submit').first()).toBeEnabled();
};

const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/',
    ready: heading('Global Commodities Sourcing'),
  },
  { path: '/about', ready: heading('About Indus Global Sourcing') },
  {
    path: '/contact',
    ready: heading('Get in Touch'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Send a Message' }).click();
      await expect(page.getByRole('dialog', { name: 'Send us a message' })).toBeVisible();
    },
  },
  { path: '/commodity-inquiry', ready: heading('Commodity Inquiry Form') },
  { path: '/supplier-inquiry', ready: heading('Supplier Product Submission Form') },
  { path: '/embed/commodity-inquiry', ready: heading('Commodity Inquiry Form') },
  { path: '/embed/supplier-inquiry', ready: heading('Supplier Product Submission Form') },
  { path: '/no-such-page', ready: heading('404') },
];

/** A route change inside the running site, as a link would make it (React Router follows popstate). */
async function navigateInside(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Visits every other page inside the site (the home page's map included), then `target`. */
async function arriveFromEveryOtherPage(page: Page, target: PublicPage): Promise<void> {
  const others = PUBLIC_PAGES.filter((p) => p !== target);
  await page.goto(others[0].path);
  for (const [index, other] of others.entries()) {
    if (index > 0) await navigateInside(page, other.path);
    await other.ready(page);
    if (other.path === '/') {
      // Leaflet's stylesheet arrives with the map, once it nears the viewport.
      await page.locator('.global-reach__map').scrollIntoViewIfNeeded();
      await expect(page.locator('.leaflet-marker-icon')).toHaveCount(6);
    }
  }
  await navigateInside(page, target.path);
  await target.ready(page);
}

/** The laid-out size of every visible control, label, heading and text block, in document order. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const seen: string[] = [];
    const elements = document.querySelectorAll(
      'input, select, textarea, button, label, legend, fieldset, h1, h2, h3, h4, p, li, img, dialog',
    );
    for (const element of elements) {
      if (!(element instanceof HTMLElement) || element.closest('.global-reach__map, [aria-live]')) continue;
      if (element.offsetParent === null && getComputedStyle(element).position !== 'fixed') continue;
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
      seen.push(`${name} ${element.offsetWidth}x${element.offsetHeight}`);
    }
    return seen;
  });
}

/** Checkboxes and radios are small boxes beside their labels, not stretched across the row. */
async function expectChoicesBesideTheirLabels(page: Page): Promise<void> {
  // Every choice measured in one round trip (the forms have dozens).
  const choices = await page.locator('.form-choice').evaluateAll((labels) =>
    labels.map((label) => ({
      box: label.querySelector('input')!.getBoundingClientRect().toJSON() as DOMRect,
      label: label.getBoundingClientRect().toJSON() as DOMRect,
    })),
  );
  for (const [i, { box, label }] of choices.entries()) {
    expect(box.width, `choice ${i} width`).toBeGreaterThanOrEqual(16);
    expect(box.width, `choice ${i} width`).toBeLessThanOrEqual(20);
    expect(box.height, `choice ${i} height`).toBeLessThanOrEqual(20);
    expect(box.x - label.x, `choice ${i} starts its label`).toBeLessThan(8);
    expect(label.height, `choice ${i} is one row`).toBeLessThan(60);
  }
}

/** Text inputs fill their field's width (a form field is never a narrow box in a wide cell). */
async function expectFieldsFillTheirWidth(page: Page): Promise<void> {
  const sizes = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.form-field .form-control:not(.form-calling-code):not(.form-unit-select), .contact-form__field :is(input, textarea)',
      ),
    ]
      .filter((control) => control.offsetParent !== null)
      .map((control) => {
        const row = control.parentElement!;
        const siblings = [...row.children].filter((c) => c !== control && c instanceof HTMLElement && c.offsetParent !== null);
        const others = siblings.reduce((sum, c) => sum + (c as HTMLElement).offsetWidth, 0);
        return { id: control.id, width: control.offsetWidth, room: row.clientWidth - others };
      }),
  );
  for (const { id, width, room } of sizes) expect(width, `${id} fills its row`).toBeGreaterThanOrEqual(room * 0.75);
}

for (const target of PUBLIC_PAGES) {
  test(`${target.path} is laid out the same opened directly and reached from the other pages`, async ({ page }) => {
    test.slow(); // visits every public page
    await page.goto(target.path);
    await target.ready(page);
    await target.open?.(page);
    const direct = await layoutOf(page);
    await expectChoicesBesideTheirLabels(page);
    await expectFieldsFillTheirWidth(page);

    await arriveFromEveryOtherPage(page, target);
    await target.open?.(page);
    expect(await layoutOf(page)).toEqual(direct);
    await expectChoicesBesideTheirLabels(page);
    await expectFieldsFillTheirWidth(page);
  });
}
