import { expect, test } from './site-test';

// Hover needs a mouse, so this runs on the desktop project only; the sphere turns only with motion.
test.use({ reducedMotion: 'no-preference' });

test('the sphere shows the 14 commodity pictures; the hovered one grows 1.4x and the others blur', async ({ page }) => {
  await page.goto('/');
  const tiles = page.locator('.sphere__tile');
  await expect(tiles).toHaveCount(14);
  await expect(page.locator('.sphere__tile img')).toHaveCount(14);
  for (const img of await page.locator('.sphere__tile img').all()) {
    await expect(img).toHaveAttribute('alt', /\w/);
    await expect(img).toHaveAttribute('loading', 'lazy');
  }
  const sphere = page.locator('.sphere');
  await expect(sphere).toHaveCSS('animation-duration', '20s');
  // Point the mouse at the middle of a tile that is in front (the sphere turns, so find one now).
  const target = await page.evaluate(() => {
    for (const tile of document.querySelectorAll('.sphere__tile img')) {
      const r = tile.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      if (r.width > 80 && document.elementFromPoint(x, y) === tile) return { x, y };
    }
    return null;
  });
  expect(target).not.toBeNull();
  await page.mouse.move(target!.x, target!.y);
  const hovered = page.locator('.sphere__tile:hover');
  await expect(hovered).toHaveCount(1);
  await expect(hovered.locator('img')).toHaveCSS('transform', /matrix\(1\.4, 0, 0, 1\.4/);
  await expect(page.locator('.sphere__tile:not(:hover)').first()).toHaveCSS('filter', /blur/);
});
