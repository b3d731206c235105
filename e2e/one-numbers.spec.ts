import { expect, type Locator, type Page } from '@playwright/test';
import { SIZES, signIn, test } from './support/journey.ts';

/** A tile's value, by its label. */
const tile = (scope: Page | Locator, label: string) =>
  scope.locator('[data-tone]').filter({ hasText: label });

const tileValue = async (scope: Page | Locator, label: string) =>
  (await tile(scope, label).locator(':scope > div').nth(1).textContent())?.trim() ?? '';

/** The count an at-risk insight names ("7 items … are at risk against the SLE"), 0 when it names none. */
function atRiskInSentence(message: string): number {
  const said = /(\d+) items? .* at risk against the SLE/.exec(message);
  return said ? Number(said[1]) : 0;
}

for (const size of SIZES) {
  test.describe(`one set of numbers on the demo board, on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('Home’s card, Flow and Lead Time tell the same WIP at risk, throughput and sample', async ({
      page,
    }) => {
      await signIn(page, `octo-numbers-${size.name}`);
      const card = page.getByRole('article', { name: 'Storefront delivery' });
      await expect(tile(card, 'WIP at risk')).toBeVisible({ timeout: 20_000 });

      // The tile counts on the insight's line: the SLE, which its hint names.
      const cardAtRisk = await tileValue(card, 'WIP at risk');
      await expect(tile(card, 'WIP at risk')).toContainText('at risk of missing the SLE');
      const cardInsight = (await card.locator('[data-severity]').first().textContent()) ?? '';
      expect(Number(cardAtRisk)).toBe(atRiskInSentence(cardInsight));
      const cardThroughput = await tileValue(card, 'Throughput per week');
      // The card's bottleneck line and its insight name one figure, written once (one decimal).
      const [, column, stay, window] =
        /Bottleneck: '([^']+)', ([\d.]+) days per stay, (last \d+ days \(iteration\))/.exec(
          (await card.textContent()) ?? '',
        ) ?? [];
      expect(stay).toBeDefined();
      // …and one window, in the same words (contract's iterationWindow).
      expect(cardInsight).toContain(`Bottleneck: '${column}', ${stay} days per stay`);
      expect(cardInsight).toContain(`, ${window}.`);
      await page.screenshot({ path: `test-results/one-numbers-home-${size.name}.png`, fullPage: true });

      // Flow over the card's window: the same figures.
      await page.goto('/flow?demo=1&days=30');
      await expect(tile(page, 'WIP at risk')).toBeVisible({ timeout: 20_000 });
      expect(await tileValue(page, 'WIP at risk')).toBe(cardAtRisk);
      expect(await tileValue(page, 'Throughput per week')).toBe(cardThroughput);
      const flowInsight = (await page.locator('[data-severity]').first().textContent()) ?? '';
      expect(atRiskInSentence(flowInsight)).toBe(Number(cardAtRisk));
      await page.screenshot({ path: `test-results/one-numbers-flow-${size.name}.png`, fullPage: true });

      // Lead Time: the insight's confidence rests on the sample the percentile tile names.
      await page.goto('/lead-time?demo=1&days=30');
      const hint = page.getByText(/^Half of the \d+ items finished in the last 30 days/);
      await expect(hint).toBeVisible({ timeout: 20_000 });
      const [, count] = /^Half of the (\d+) items/.exec((await hint.textContent()) ?? '') ?? [];
      const banner = (await page.locator('[data-severity]').first().textContent()) ?? '';
      // The banner names the very sample the hint counts: the engine's count, not one read back from a percent.
      const [, sample] = /\(a sample of ([\d,]+)\)/.exec(banner) ?? [];
      expect(sample).toBe(count);
      await page.screenshot({ path: `test-results/one-numbers-lead-${size.name}.png`, fullPage: true });
    });
  });
}
