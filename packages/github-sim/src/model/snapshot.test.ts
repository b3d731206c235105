import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PROJECT_ID } from '@fluxion/demo-board';
import { describe, expect, it } from 'vitest';
import { SEEDED, startGithubSim } from '../index.ts';
import { control } from '../test/helpers.ts';

describe('the simulator’s world across restarts (stateFile)', () => {
  it('keeps users, tokens, boards and their moves; a restart answers as before', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'github-sim-')), 'github-sim.json');
    const first = await startGithubSim({ port: 0, stateFile });
    const token = first.createToken(SEEDED.users[1]);
    await control(first, '/_sim/users', { login: 'octo-carol' });
    const board = await control<{ id: string }>(first, '/_sim/projects', {
      owner: 'octo-carol',
      title: 'Kept',
    });
    const issue = await control<{ itemId: string }>(first, '/_sim/issues', {
      repo: 'octo-carol/app',
      title: 'Survives a restart',
      projectId: board.id,
      status: 'In Progress',
    });
    const demoItems = first.world.projects.get(DEMO_PROJECT_ID)?.itemIds.length;
    await first.close();

    const second = await startGithubSim({ port: 0, stateFile });
    const me = await fetch(`${second.url}/user`, { headers: { authorization: `token ${token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).login).toBe(SEEDED.users[1]);
    const kept = await control<{ title: string; items: { id: string; status: string | null }[] }>(
      second,
      `/_sim/projects/${board.id}`,
      undefined,
      'GET',
    );
    expect(kept.title).toBe('Kept');
    expect(kept.items.map((item) => item.id)).toEqual([issue.itemId]);
    expect(second.world.projects.get(DEMO_PROJECT_ID)?.itemIds.length).toBe(demoItems);
    // New ids continue after the restored ones: nothing is handed out twice.
    const another = await control<{ id: string }>(second, '/_sim/projects', {
      owner: 'octo-carol',
      title: 'Next',
    });
    expect(another.id).not.toBe(board.id);
    await second.close();
  });

  it('keeps the GitHub App, its key, installations and tokens; a state saved before the App gets one', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'github-sim-')), 'github-sim.json');
    const first = await startGithubSim({ port: 0, stateFile });
    const { privateKey } = first.app();
    const installation = await control<{ id: number }>(first, '/_sim/installations', {
      org: SEEDED.org,
      repositories: ['platform'],
    });
    const minted = await control<{ token: string }>(first, `/_sim/installations/${installation.id}/tokens`);
    await first.close();
    const second = await startGithubSim({ port: 0, stateFile });
    expect(second.app().privateKey).toBe(privateKey);
    expect(second.world.installations.get(installation.id)?.repositories).toEqual(['fluxion-labs/platform']);
    const repos = await fetch(`${second.url}/installation/repositories`, {
      headers: { authorization: `token ${minted.token}` },
    });
    expect(repos.status).toBe(200);
    // A state file written before the App existed: no App fields, no organization owners.
    const old = JSON.parse(readFileSync(stateFile, 'utf8'));
    for (const field of ['app', 'installations', 'installationTokens', 'refreshTokens', 'installRequests'])
      delete old.fields[field];
    for (const [, org] of old.fields.orgs.$map) delete org.owners;
    await second.close();
    writeFileSync(stateFile, JSON.stringify(old));
    const third = await startGithubSim({ port: 0, stateFile });
    expect(third.world.installations.size).toBe(0);
    expect(third.world.orgs.get(SEEDED.org)?.owners).toEqual(new Set(['octo-alice']));
    expect(third.world.users.get('octo-alice')?.approvals.has(third.app().clientId)).toBe(true);
    await third.close();
  });

  it('makes the demo board again on a later day, as Fluxion regenerates its history each day', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'github-sim-')), 'github-sim.json');
    const today = Date.parse('2026-11-25T10:00:00Z');
    const first = await startGithubSim({ port: 0, stateFile, clock: 'manual', startAt: today });
    const created = first.world.projects.get(DEMO_PROJECT_ID)?.createdAt ?? 0;
    await first.close();
    const sameDay = await startGithubSim({ port: 0, stateFile, clock: 'manual', startAt: today + 3_600_000 });
    expect(sameDay.world.projects.get(DEMO_PROJECT_ID)?.createdAt).toBe(created);
    await sameDay.close();
    const later = await startGithubSim({
      port: 0,
      stateFile,
      clock: 'manual',
      startAt: today + 2 * 86_400_000,
    });
    expect(later.world.projects.get(DEMO_PROJECT_ID)?.createdAt).toBe(created + 2 * 86_400_000);
    await later.close();
  });
});
