import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { SIZES, simUser, test } from './support/journey.ts';
import { addOwnBoard, partialBoard, type StartEvidence } from './support/own-world.ts';

async function download(page: Page, button: string): Promise<string[]> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return (await readFile(await file.path(), 'utf8')).trimEnd().split('\n');
}

/** The items CSV's last two cells (Estimated history, Estimated from) of each finished item, by title. */
function estimatesOf(rows: string[]): Record<string, string> {
  const shipped = rows.filter((row) => row.includes(',Shipped,'));
  return Object.fromEntries(
    shipped.map((row) => {
      const cells = row.split(',');
      const title = cells.find((cell) => cell.startsWith('Estimated item')) ?? '';
      // A cell holding "; " is quoted (docs/api.md, Export).
      return [title, cells.slice(-2).join('|').replaceAll('"', '')];
    }),
  );
}

for (const size of SIZES) {
  test.describe(`a partial board before and after reconstruction, on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the reader includes or leaves out the estimated steps, and the export says which', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const login = `octo-estimated-${size.name}`;
      const title = `Estimated board ${size.name}`;
      await simUser(page, login);
      // Of the six items finished, three were assigned when their work started and two got a linked pull
      // request (a Development link, then "Fixes #n"), merged when shipped: the import estimates their
      // starts; the sixth has no evidence: its start stays unknown, only its joining is estimated.
      const evidence: StartEvidence[] = [
        'assigned',
        'assigned',
        'assigned',
        'connected',
        'reference',
        'none',
      ];
      const project = await partialBoard(page, { login, title, itemTitle: 'Estimated item', evidence });
      await addOwnBoard(page, { login, title, cycleStart: 'Doing' });

      // The quality figure on Manage Projects: exact, estimated and unknown.
      const row = page
        .getByRole('list', { name: 'Projects' })
        .getByRole('listitem')
        .filter({ hasText: title });
      const quality = 'History imported for 9 items, partial for 8 (6 estimated, 2 unknown)';
      await expect(async () => {
        await page.reload();
        await expect(row.locator('[data-history]')).toContainText(quality, { timeout: 2_000 });
      }).toPass({ timeout: 45_000 });

      // After reconstruction (the default): five finished items have an estimated cycle time, drawn hollow.
      await page.goto(`/flow?project=${project.id}&days=30`);
      const line = page.locator('[data-history]');
      await expect(line).toContainText(quality);
      await expect(line).toContainText('Estimated steps included in these figures.');
      const control = page.getByLabel('Estimated history');
      await expect(control).toHaveValue('include');
      const scatter = page.getByTestId('flow-scatter');
      await expect(scatter.locator('[data-estimated="true"]')).toHaveCount(5);
      await expect(page.getByTestId('flow-aging').locator('[data-estimated="true"]')).toHaveCount(1);
      // Each chart says what its hollow dots are; without an estimate (below) neither key shows.
      for (const chart of [scatter, page.getByTestId('flow-aging')])
        await expect(chart.locator('[data-legend-estimated]')).toHaveText('Hollow: history partly estimated');
      await expect(page.getByTestId('history-gaps')).toContainText('1 of the 6 items finished');
      await page.screenshot({ path: `test-results/estimated-include-${size.name}.png`, fullPage: true });

      // Before reconstruction, through the control: the address carries it, the line says it, no estimate.
      await control.selectOption('leave_out');
      await expect(page).toHaveURL(/estimated=leave_out/);
      await expect(line).toContainText('Estimated steps left out: those items count as partial.');
      await expect(scatter).toContainText(
        'The 6 items finished in this window have no known cycle time: GitHub lost their history.',
      );
      await expect(page.locator('[data-estimated="true"]')).toHaveCount(0);
      await expect(page.locator('[data-legend-estimated]')).toHaveCount(0);
      await page.screenshot({ path: `test-results/estimated-leave-out-${size.name}.png`, fullPage: true });

      // The choice goes along to the next page, and the export follows it: no estimate in the file.
      await page.goto(`/issues-in-columns?project=${project.id}&estimated=leave_out&column=Shipped`);
      await expect(page.getByLabel('Estimated history')).toHaveValue('leave_out');
      const without = await download(page, 'Export all items (CSV)');
      expect(without[0]).toContain('Estimated history,"Estimated from (; separated)"');
      expect(Object.values(estimatesOf(without))).toEqual(['|', '|', '|', '|', '|', '|']);

      // Back to Include with the keyboard alone; the file then names each estimate's evidence.
      await page.getByLabel('Estimated history').focus();
      await page.keyboard.press('ArrowUp');
      await expect(page).not.toHaveURL(/estimated=/);
      await expect(page.locator('[data-history]')).toContainText('Estimated steps included');
      const withEstimates = estimatesOf(await download(page, 'Export all items (CSV)'));
      expect(withEstimates).toEqual({
        'Estimated item 1': 'yes|added; assigned',
        'Estimated item 2': 'yes|added; assigned',
        'Estimated item 3': 'yes|added; assigned',
        'Estimated item 4': 'yes|added; pr_opened',
        'Estimated item 5': 'yes|added; pr_opened',
        // No evidence of its start: only its joining is estimated, so its lead time counts.
        'Estimated item 6': 'yes|added_only',
      });

      // The audit log: every estimated step with its source and basis.
      const moves = await download(page, 'Export move log (CSV)');
      const estimated = moves.filter((m) => m.includes(',estimated,'));
      expect(estimated.some((m) => m.includes('Estimated item 4') && m.includes('pr_opened'))).toBe(true);
      expect(estimated.some((m) => m.includes('Estimated item 1') && m.includes('assigned'))).toBe(true);
      const sixth = estimated.filter((m) => m.includes('Estimated item 6'));
      expect(sixth.map((m) => m.trimEnd().split(',').at(-1))).toEqual(['added_only']);
    });
  });
}
