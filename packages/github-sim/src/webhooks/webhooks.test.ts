import { verify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, startSim } from '../test/helpers.ts';
import { startReceiver } from '../test/receiver.ts';

const SECRET = 'shh-its-a-secret';
let sim: GithubSim;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
type Project = { id: string; items: { id: string; status: string | null }[] };

async function boardItem(owner: string, number: number): Promise<{ id: string; status: string | null }> {
  const projects = await control<{ id: string; owner: string; number: number }[]>(
    sim,
    '/_sim/projects',
    undefined,
    'GET',
  );
  const ref = projects.find((p) => p.owner === owner && p.number === number);
  const project = await control<Project>(sim, `/_sim/projects/${ref?.id}`, undefined, 'GET');
  const item = project.items.find((i) => i.status && i.status !== 'Done');
  if (!item) throw new Error('no movable item');
  return item;
}

beforeAll(async () => {
  receiver = await startReceiver();
  sim = await startSim({ webhookUrls: [receiver.url], webhookSecret: SECRET });
});
beforeEach(async () => {
  await control(sim, '/_sim/faults', undefined, 'DELETE');
  receiver.received.length = 0;
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

describe('projects_v2_item webhooks', () => {
  it('delivers one correctly signed edited event for a move on an org board', async () => {
    const item = await boardItem('fluxion-labs', 1);
    await control(sim, `/_sim/items/${item.id}/move`, { status: 'Done' });
    await control(sim, '/_sim/webhooks/flush');
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery?.headers['x-github-event']).toBe('projects_v2_item');
    expect(delivery?.headers['x-github-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    const signature = String(delivery?.headers['x-hub-signature-256']);
    expect(await verify(SECRET, delivery?.body ?? '', signature)).toBe(true);
    expect(await verify('wrong', delivery?.body ?? '', signature)).toBe(false);
    const payload = JSON.parse(delivery?.body ?? '{}');
    expect(payload).toMatchObject({
      action: 'edited',
      projects_v2_item: { node_id: item.id, content_type: 'Issue' },
      changes: {
        field_value: {
          field_type: 'single_select',
          field_name: 'Status',
          from: { name: item.status },
          to: { name: 'Done' },
        },
      },
      organization: { login: 'fluxion-labs' },
    });
  });

  it('sends nothing for user-owned boards, as GitHub', async () => {
    const item = await boardItem('octo-alice', 1);
    await control(sim, `/_sim/items/${item.id}/move`, { status: 'Done' });
    await control(sim, '/_sim/webhooks/flush');
    expect(receiver.received).toHaveLength(0);
  });

  it('drops and duplicates deliveries when told to, and stops when the fault is cleared', async () => {
    await control(sim, '/_sim/faults', { type: 'drop-webhooks', count: 1 });
    const first = await boardItem('fluxion-labs', 2);
    await control(sim, `/_sim/items/${first.id}/move`, { status: 'Done' });
    await control(sim, '/_sim/webhooks/flush');
    expect(receiver.received).toHaveLength(0);
    await control(sim, '/_sim/faults', { type: 'duplicate-webhooks' });
    const second = await boardItem('fluxion-labs', 2);
    await control(sim, `/_sim/items/${second.id}/move`, { status: 'Done' });
    await control(sim, '/_sim/webhooks/flush');
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.headers['x-github-delivery']).toBe(
      receiver.received[1]?.headers['x-github-delivery'],
    );
    await control(sim, '/_sim/faults', undefined, 'DELETE');
    const third = await boardItem('fluxion-labs', 2);
    await control(sim, `/_sim/items/${third.id}/archive`);
    await control(sim, '/_sim/webhooks/flush');
    expect(receiver.received).toHaveLength(3);
    expect(JSON.parse(receiver.received[2]?.body ?? '{}').action).toBe('archived');
  });

  it('redelivers with the same delivery id and body, signed with the secret of now', async () => {
    const item = await boardItem('fluxion-labs', 1);
    await control(sim, `/_sim/items/${item.id}/move`, { status: 'Done' });
    await control(sim, '/_sim/webhooks/flush');
    const [original] = receiver.received;
    const id = String(original?.headers['x-github-delivery']);
    await control(sim, '/_sim/webhooks', { secret: 'rotated' });
    try {
      const redelivered = await fetch(`${sim.url}/_sim/webhooks/deliveries/${id}/redeliver`, {
        method: 'POST',
      });
      expect(redelivered.status).toBe(202);
      await control(sim, '/_sim/webhooks/flush');
      const again = receiver.received[1];
      expect(again?.headers['x-github-delivery']).toBe(id);
      expect(again?.body).toBe(original?.body);
      expect(await verify('rotated', again?.body ?? '', String(again?.headers['x-hub-signature-256']))).toBe(
        true,
      );
    } finally {
      await control(sim, '/_sim/webhooks', { secret: SECRET });
    }
  });

  it('a late delivery arrives after a later one: deliveries are not in order', async () => {
    const item = await boardItem('fluxion-labs', 1);
    await control(sim, '/_sim/faults', { type: 'delay-webhooks', delayMs: 300, count: 1 });
    await control(sim, `/_sim/items/${item.id}/move`, { status: 'Done' });
    await control(sim, `/_sim/items/${item.id}/archive`);
    await control(sim, '/_sim/webhooks/flush');
    expect(receiver.received.map((r) => JSON.parse(r.body).action)).toEqual(['archived', 'edited']);
  });
});
