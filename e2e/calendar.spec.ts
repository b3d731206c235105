import { readFile } from 'node:fs/promises';
import { expect, type Page, type Response } from '@playwright/test';
import { signIn, test } from './support/journey.ts';
import { ownTeam } from './support/own-world.ts';

/** The Flow answer the page shows for "Web app" (the first one after `action`). */
async function flowAnswer(page: Page, action: () => Promise<unknown>) {
  const answer = page.waitForResponse(
    (r: Response) => r.url().includes('/api/flow/') && r.request().method() === 'GET' && r.status() === 200,
    { timeout: 30_000 },
  );
  await action();
  return (await answer).json();
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

test("a team sets its board's time zone and weekends, and the Flow figures follow", async ({ page }) => {
  const team = await ownTeam(page, 'calendar');
  await signIn(page, team.login);
  await page.goto('/manage-projects');
  await page.getByRole('button', { name: 'Add Project' }).click();
  const add = page.getByRole('dialog');
  await add.getByLabel('Organization').selectOption({ label: team.orgName });
  await add.getByRole('combobox', { name: /^Project/ }).selectOption({ label: team.webApp.label });
  await add.getByLabel('Cycle time start column (optional)').selectOption('In Progress');
  await add.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByText('Project successfully added!')).toBeVisible();

  const project = page.getByRole('banner').getByRole('combobox', { name: 'Project' });
  await project.selectOption({ label: 'Web app' });
  // The history is imported at the first sync: wait until it is, and the board has completions to measure.
  // A baseline taken before (moves recorded live, which the import then replaces with GitHub's own) can
  // name completions the figures after the edit no longer have.
  let before = await flowAnswer(page, () => page.getByRole('link', { name: 'Flow', exact: true }).click());
  await expect(async () => {
    before = await flowAnswer(page, () => page.reload());
    await expect(page.getByText(/^History imported for/)).toBeVisible({ timeout: 2_000 });
    expect(before.cycle_time.points.length).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Cycle time 85th percentile', { exact: true })).toBeVisible();

  await page.goto('/manage-projects');
  await page.getByRole('button', { name: 'Edit Web app' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Time zone').selectOption('Pacific/Kiritimati');
  await edit.getByLabel('Exclude weekends').check();
  await expect(edit.getByLabel('Saturday')).toBeChecked();
  await expect(edit.getByLabel('Sunday')).toBeChecked();
  await edit.getByLabel(/^Holidays/).fill('not a date');
  await expect(edit.getByText('Not a date (YYYY-MM-DD): not a date')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await edit.getByLabel(/^Holidays/).fill('');
  await edit.screenshot({ path: 'test-results/edit-project-calendar.png' });
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Project updated!')).toBeVisible();

  await project.selectOption({ label: 'Web app' });
  const after = await flowAnswer(page, () => page.getByRole('link', { name: 'Flow', exact: true }).click());
  // Kiritimati is UTC+14: its today is at least the UTC today, and never earlier.
  expect(after.window.end >= before.window.end).toBe(true);
  // Working time only: no item's cycle time grows (the simulator keeps moving cards: new ones are left out).
  type Point = { id: string; completed_at: string; cycle_time_days: number };
  const earlier = new Map<string, Point>(
    before.cycle_time.points.map((p: Point) => [`${p.id}@${p.completed_at}`, p]),
  );
  const again = after.cycle_time.points.filter((p: Point) => earlier.has(`${p.id}@${p.completed_at}`));
  expect(again.length).toBeGreaterThan(0);
  for (const p of again as Point[])
    expect(p.cycle_time_days).toBeLessThanOrEqual(
      earlier.get(`${p.id}@${p.completed_at}`)?.cycle_time_days as number,
    );
  expect(
    again.some(
      (p: Point) => p.cycle_time_days < (earlier.get(`${p.id}@${p.completed_at}`)?.cycle_time_days as number),
    ),
  ).toBe(true);
  for (const result of after.forecast?.when.results ?? [])
    if (result.date !== null) expect([0, 6]).not.toContain(weekday(result.date));
  await expect(page.getByText('Cycle time 85th percentile', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/flow-calendar.png', fullPage: true });

  // Its CSV names the board's zone and working days, and writes instants at the zone's offset.
  await page.getByRole('button', { name: 'Export Web app Cycle time scatter' }).click();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV (the data shown)' }).click(),
  ]);
  const [header, first] = (await readFile(await csv.path(), 'utf8')).split('\n');
  expect(header).toBe(
    'Number,Title,"Completed at (Pacific/Kiritimati, ISO 8601 with offset)",Cycle time (working days),Blocked (working days),Flow efficiency (%)',
  );
  expect(first).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+14:00,[\d.]+,[\d.]+,\d*$/);

  // Its user stops tracking it.
  await page.goto('/manage-projects');
  await page.getByRole('button', { name: 'Delete Web app' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Project deleted.')).toBeVisible();
});
