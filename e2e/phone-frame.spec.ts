import { expect } from '@playwright/test';
import { SIZES, test } from './support/journey.ts';
import { signInNewUser } from './support/own-world.ts';

const PHONE = SIZES[1].viewport;

test.describe('the frame on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('the header and navigation stay compact on every page, and a tile’s (i) leaves its value readable', async ({
    page,
  }) => {
    await signInNewUser(page, 'phone-frame');
    for (const path of ['/', '/flow?demo=1', '/issues-in-columns?demo=1', '/manage-projects']) {
      await page.goto(path);
      const header = await page.locator('header').first().boundingBox();
      // It took 230 px of 844 on every page; two short rows now.
      expect(header?.height, path).toBeLessThanOrEqual(110);
      // Every analysis is still one tap away.
      for (const name of ['Lead-Time', 'Time in State', 'Issues in Columns', 'Flow', 'Parents', 'Iterations'])
        await expect(
          page.getByRole('navigation', { name: 'Analyses' }).getByRole('link', { name }),
        ).toBeAttached();
    }
    await page.screenshot({ path: 'test-results/phone-frame-manage.png' });

    // The strip scrolls sideways: the page's own link, past the edge at first, is scrolled into view.
    await page.goto('/iterations?demo=1');
    const strip = page.getByRole('navigation', { name: 'Analyses' });
    await expect(strip.getByRole('link', { name: 'Iterations' })).toBeInViewport({ ratio: 1 });
    expect(await strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // ...clear of the strip's edge fade (its last 24 px), not half under it.
    const clearOfFade = await strip.evaluate((el) => {
      const link = el.querySelector('[aria-current="page"]') as HTMLElement;
      return el.getBoundingClientRect().right - link.getBoundingClientRect().right;
    });
    expect(clearOfFade).toBeGreaterThanOrEqual(24);

    await page.goto('/time-in-state?demo=1');
    const tile = page
      .locator('[data-tone]')
      .filter({ has: page.getByRole('button', { name: /^About / }) })
      .first();
    await tile.getByRole('button', { name: /^About / }).click();
    const tip = tile.getByRole('tooltip');
    await expect(tip).toBeVisible();
    const tipBox = await tip.boundingBox();
    const value = await tile.evaluate((el) => {
      const v = el.children[1] as HTMLElement;
      const r = v.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
    expect(tipBox).not.toBeNull();
    // The explanation ends above the value: the value is not covered.
    expect((tipBox?.y ?? 0) + (tipBox?.height ?? 0)).toBeLessThanOrEqual(value.top + 1);
    await page.screenshot({ path: 'test-results/phone-frame-tile-info.png' });
  });
});
