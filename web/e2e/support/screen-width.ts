/**
 * Nothing wider than the screen: the check every layout test makes on a phone, and the
 * screenshots at two widths that people look at (test-results/).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * How wide the page is, and, when it is wider than the screen, the outermost elements that stick
 * out past the screen's right edge (tag, class, right edge, text), so a failure names its cause.
 */
async function widthOf(page: Page): Promise<string> {
  const screen = page.viewportSize()!.width;
  return page.evaluate((screen) => {
    const width = document.documentElement.scrollWidth;
    if (width <= screen) return 'fits';
    const beyond = (element: Element) => element.getBoundingClientRect().right > screen;
    const outermost = [...document.body.querySelectorAll('*')]
      .filter((element) => beyond(element) && !(element.parentElement && beyond(element.parentElement)))
      .slice(0, 5)
      .map((element) => {
        const right = element.getBoundingClientRect().right.toFixed(1);
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} to ${right} px “${text}”`;
      });
    return `${width} px wide: ${outermost.join('; ') || 'no element past the edge (a box’s own overflow)'}`;
  }, screen);
}

/** The page fits the screen's width, once its layout has settled after a resize or a load. */
export async function expectFitsScreen(page: Page): Promise<void> {
  await expect.poll(() => widthOf(page)).toBe('fits');
}

/** Screenshots of part of a screen at desktop and at phone width; on the phone nothing may be wider than the screen. */
export async function screenshotsAtTwoWidths(page: Page, part: Locator, name: string): Promise<void> {
  // The sticky header stays at the top of the picture, not over the part.
  const style = '.admin-header { position: static !important; }';
  const desktop = page.viewportSize() ?? DESKTOP;
  await part.screenshot({ path: `test-results/${name}-desktop.png`, style });
  await page.setViewportSize(PHONE);
  await expectFitsScreen(page);
  await part.screenshot({ path: `test-results/${name}-phone.png`, style });
  await page.setViewportSize(desktop);
}
