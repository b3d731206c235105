import { simControl } from './http.ts';

/** A webhook delivery as the GitHub simulator lists it (`/_sim/webhooks/deliveries`): each attempt once. */
export type SimDelivery = {
  id: string;
  status: number | null;
  error: string | null;
  dropped: boolean;
  redelivery: boolean;
  payload: {
    action: string;
    projects_v2_item: { node_id: string };
    changes?: { field_value?: { from?: { name: string } | null; to?: { name: string } | null } };
  };
};

export const deliveriesOf = (githubUrl: string) =>
  simControl<SimDelivery[]>(githubUrl, '/_sim/webhooks/deliveries');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves every item forward through `columns`, one move every `everyMs` (the items in turn), until each stands
 * in the last column or the mover is stopped. Each item starts in the first column; no item takes the same
 * step twice, so every move is a distinct fact to find in the server's records.
 */
export function startMoving(githubUrl: string, itemIds: string[], columns: string[], everyMs: number) {
  let stopped = false;
  const done = (async () => {
    for (let step = 1; step < columns.length && !stopped; step += 1) {
      for (const itemId of itemIds) {
        if (stopped) break;
        await simControl(githubUrl, `/_sim/items/${itemId}/move`, { status: columns[step] });
        await sleep(everyMs);
      }
    }
  })();
  return {
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/**
 * Delivers again, as GitHub's "Redeliver" does, every delivery that no attempt has answered with a 2xx and
 * that is not in flight any more; answers how many.
 */
export async function redeliverFailed(githubUrl: string): Promise<number> {
  const attempts = new Map<string, SimDelivery[]>();
  for (const delivery of await deliveriesOf(githubUrl)) {
    if (delivery.dropped) continue;
    attempts.set(delivery.id, [...(attempts.get(delivery.id) ?? []), delivery]);
  }
  const failed = [...attempts].filter(([, tries]) => {
    const answered = tries.every((t) => t.status !== null || t.error !== null);
    return answered && !tries.some((t) => t.status !== null && t.status >= 200 && t.status < 300);
  });
  for (const [id] of failed) await simControl(githubUrl, `/_sim/webhooks/deliveries/${id}/redeliver`, {});
  return failed.length;
}

/** The Status moves GitHub made, by item, in order: "from → to" (the simulator's truth). */
export function movesMade(deliveries: SimDelivery[], itemIds: string[]): Map<string, string[]> {
  const moves = new Map(itemIds.map((id) => [id, [] as string[]]));
  for (const delivery of deliveries) {
    const change = delivery.payload.changes?.field_value;
    const list = moves.get(delivery.payload.projects_v2_item.node_id);
    if (delivery.redelivery || delivery.payload.action !== 'edited' || !change || !list) continue;
    list.push(`${change.from?.name ?? '-'} → ${change.to?.name ?? '-'}`);
  }
  return moves;
}
