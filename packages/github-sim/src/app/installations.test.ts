import { verify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, startSim } from '../test/helpers.ts';
import { startReceiver } from '../test/receiver.ts';

const APP_SECRET = 'app-hook-secret';
const ORG_SECRET = 'org-hook-secret';
let sim: GithubSim;
let appHook: Awaited<ReturnType<typeof startReceiver>>;
let orgHook: Awaited<ReturnType<typeof startReceiver>>;
let setup: Awaited<ReturnType<typeof startReceiver>>;

type Payload = Record<string, unknown> & {
  action: string;
  installation: { id: number } & Record<string, unknown>;
};

async function appEvents(): Promise<{ event: string; payload: Payload; headers: Record<string, unknown> }[]> {
  await control(sim, '/_sim/webhooks/flush');
  return Promise.all(
    appHook.received.map(async (r) => {
      const signature = String(r.headers['x-hub-signature-256']);
      expect(await verify(APP_SECRET, r.body, signature)).toBe(true);
      return {
        event: String(r.headers['x-github-event']),
        payload: JSON.parse(r.body) as Payload,
        headers: r.headers as Record<string, unknown>,
      };
    }),
  );
}

const names = (list: unknown) => (list as { full_name: string }[]).map((r) => r.full_name);

beforeAll(async () => {
  appHook = await startReceiver();
  orgHook = await startReceiver();
  setup = await startReceiver();
  sim = await startSim({
    clock: 'manual',
    webhookUrls: [orgHook.url],
    webhookSecret: ORG_SECRET,
    githubApp: { webhookUrl: appHook.url, webhookSecret: APP_SECRET, setupUrl: `${setup.url}/setup` },
  });
});
beforeEach(async () => {
  await control(sim, '/_sim/faults', undefined, 'DELETE');
  await control(sim, '/_sim/webhooks/flush');
  appHook.received.length = 0;
  orgHook.received.length = 0;
});
afterAll(async () => {
  await sim.close();
  await Promise.all([appHook.close(), orgHook.close(), setup.close()]);
});

describe('installation webhooks to the App', () => {
  it('installs, changes repositories, suspends, unsuspends and uninstalls, each signed with the App’s secret', async () => {
    const created = await control<{ id: number; repositories: string[] }>(sim, '/_sim/installations', {
      org: 'fluxion-labs',
      repositories: ['platform'],
    });
    await control(
      sim,
      `/_sim/installations/${created.id}/repositories`,
      { repositories: ['platform', 'web'] },
      'PUT',
    );
    await control(sim, `/_sim/installations/${created.id}/repositories`, { repositories: ['web'] }, 'PUT');
    await control(sim, `/_sim/installations/${created.id}/suspend`);
    await control(sim, `/_sim/installations/${created.id}/unsuspend`);
    await control(sim, `/_sim/installations/${created.id}/accept-permissions`);
    await control(sim, `/_sim/installations/${created.id}`, undefined, 'DELETE');
    const events = await appEvents();
    expect(events.map((e) => `${e.event}.${e.payload.action}`)).toEqual([
      'installation.created',
      'installation_repositories.added',
      'installation_repositories.removed',
      'installation.suspend',
      'installation.unsuspend',
      'installation.new_permissions_accepted',
      'installation.deleted',
    ]);
    for (const { payload, headers } of events) {
      expect(payload.installation).toMatchObject({
        id: created.id,
        app_id: sim.app().id,
        target_type: 'Organization',
        account: { login: 'fluxion-labs' },
      });
      expect(headers['x-github-hook-installation-target-type']).toBe('integration');
      expect(headers['x-github-hook-installation-target-id']).toBe(String(sim.app().id));
      expect(headers['x-github-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const [install, added, removed, suspend] = events.map((e) => e.payload);
    expect(install).toMatchObject({
      installation: { repository_selection: 'selected' },
      sender: { login: 'octo-alice' },
    });
    expect(names(install?.repositories)).toEqual(['fluxion-labs/platform']);
    expect(names(added?.repositories_added)).toEqual(['fluxion-labs/web']);
    expect(names(removed?.repositories_removed)).toEqual(['fluxion-labs/platform']);
    expect(suspend?.installation.suspended_at).toEqual(expect.any(String));
    // None of it goes to the organization's webhook.
    expect(orgHook.received).toHaveLength(0);
  });

  it('sends projects_v2_item to the App with installation {id} only while it is installed and not suspended', async () => {
    const { id } = await control<{ id: number }>(sim, '/_sim/installations', { org: 'fluxion-labs' });
    const project = sim.world.projectByNumber('fluxion-labs', 2);
    const qa = project?.statusField.options.find((o) => o.name === 'QA')?.id;
    const item = project?.itemIds.find((i) => sim.world.items.get(i)?.status?.optionId !== qa) ?? '';
    await control(sim, `/_sim/items/${item}/move`, { status: 'QA' });
    let events = await appEvents();
    const move = events.find((e) => e.event === 'projects_v2_item');
    expect(move?.payload).toMatchObject({
      action: 'edited',
      installation: { id },
      projects_v2_item: { node_id: item },
    });
    expect(orgHook.received).toHaveLength(1);
    expect(
      await verify(
        ORG_SECRET,
        orgHook.received[0]?.body ?? '',
        String(orgHook.received[0]?.headers['x-hub-signature-256']),
      ),
    ).toBe(true);
    expect(JSON.parse(orgHook.received[0]?.body ?? '{}').installation).toBeUndefined();
    await control(sim, `/_sim/installations/${id}/suspend`);
    appHook.received.length = 0;
    await control(sim, `/_sim/items/${item}/move`, { status: 'Todo' });
    events = await appEvents();
    expect(events.filter((e) => e.event === 'projects_v2_item')).toHaveLength(0);
    await control(sim, `/_sim/installations/${id}`, undefined, 'DELETE');
  });

  it('goes through the delivery faults: never, twice, late', async () => {
    await control(sim, '/_sim/faults', { type: 'drop-webhooks', count: 1 });
    const { id } = await control<{ id: number }>(sim, '/_sim/installations', { org: 'fluxion-labs' });
    expect(await appEvents()).toHaveLength(0);
    await control(sim, '/_sim/faults', { type: 'duplicate-webhooks', count: 1 });
    await control(sim, `/_sim/installations/${id}/suspend`);
    const twice = await appEvents();
    expect(twice).toHaveLength(2);
    expect(twice[0]?.headers['x-github-delivery']).toBe(twice[1]?.headers['x-github-delivery']);
    appHook.received.length = 0;
    await control(sim, '/_sim/faults', { type: 'delay-webhooks', delayMs: 300, count: 1 });
    const started = Date.now();
    await control(sim, `/_sim/installations/${id}/unsuspend`);
    expect(appHook.received).toHaveLength(0);
    const late = await appEvents();
    expect(late.map((e) => e.payload.action)).toEqual(['unsuspend']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    // The dropped `created` can be redelivered, as on GitHub.
    const deliveries = await control<{ id: string; action: string; dropped: boolean; target: string }[]>(
      sim,
      '/_sim/webhooks/deliveries',
      undefined,
      'GET',
    );
    const dropped = deliveries.find((d) => d.dropped && d.action === 'created' && d.target === 'integration');
    appHook.received.length = 0;
    const redelivered = await fetch(`${sim.url}/_sim/webhooks/deliveries/${dropped?.id}/redeliver`, {
      method: 'POST',
    });
    expect(redelivered.status).toBe(202);
    expect((await appEvents()).map((e) => e.payload.action)).toEqual(['created']);
    await control(sim, `/_sim/installations/${id}`, undefined, 'DELETE');
  });
});

describe('the browser install flow', () => {
  async function follow(url: string): Promise<URL> {
    let next = url;
    for (let hops = 0; hops < 5; hops += 1) {
      const answer = await fetch(next, { redirect: 'manual' });
      if (answer.status !== 302) throw new Error(`${next}: ${answer.status} ${await answer.text()}`);
      next = new URL(answer.headers.get('location') ?? '', next).toString();
      if (next.startsWith(setup.url)) return new URL(next);
    }
    throw new Error('too many redirects');
  }

  it('installs for an owner without a click and comes back to the setup URL with the installation id', async () => {
    const back = await follow(`${sim.app().installUrl}?state=s-1&login=octo-alice`);
    expect(back.pathname).toBe('/hook/setup');
    expect(back.searchParams.get('setup_action')).toBe('install');
    expect(back.searchParams.get('state')).toBe('s-1');
    const id = Number(back.searchParams.get('installation_id'));
    expect(sim.world.installations.get(id)).toMatchObject({
      account: 'fluxion-labs',
      repositorySelection: 'all',
    });
    expect((await appEvents()).map((e) => `${e.event}.${e.payload.action}`)).toEqual([
      'installation.created',
    ]);
    const again = await follow(`${sim.app().installUrl}?login=octo-alice`);
    expect(again.searchParams.get('setup_action')).toBe('update');
    expect(Number(again.searchParams.get('installation_id'))).toBe(id);
    await control(sim, `/_sim/installations/${id}`, undefined, 'DELETE');
  });

  it('makes a request, not an installation, for a member who is not an owner', async () => {
    const back = await follow(`${sim.app().installUrl}?state=s-2&login=octo-bob`);
    expect(back.searchParams.get('setup_action')).toBe('request');
    expect(back.searchParams.get('installation_id')).toBeNull();
    expect(back.searchParams.get('state')).toBe('s-2');
    expect(sim.world.installations.size).toBe(0);
    const app = await control<{ installRequests: { account: string; requester: string }[] }>(
      sim,
      '/_sim/app',
      undefined,
      'GET',
    );
    expect(app.installRequests).toMatchObject([{ account: 'fluxion-labs', requester: 'octo-bob' }]);
    expect(await appEvents()).toHaveLength(0);
  });

  it('lets a user in several organizations pick one, and installs on selected repositories', async () => {
    await control(sim, '/_sim/orgs', { login: 'octo-corp', members: ['octo-alice'] });
    await control(sim, '/_sim/orgs/octo-corp/owners', { login: 'octo-alice' });
    const picker = await fetch(`${sim.app().installUrl}?login=octo-alice`);
    const html = await picker.text();
    expect(html).toContain('octo-corp');
    const corpId = sim.world.orgs.get('octo-corp')?.databaseId;
    const corpLink = [...html.matchAll(/href="([^"]*)"/g)]
      .map((m) => (m[1] ?? '').replaceAll('&#38;', '&'))
      .find((href) => href.includes(`target_id=${corpId}`));
    expect(corpLink).toBeDefined();
    const back = await follow(`${sim.url}${corpLink}&repositories=tools`);
    const installation = sim.world.installations.get(Number(back.searchParams.get('installation_id')));
    expect(installation).toMatchObject({
      account: 'octo-corp',
      repositorySelection: 'selected',
      repositories: ['octo-corp/tools'],
    });
  });
});
