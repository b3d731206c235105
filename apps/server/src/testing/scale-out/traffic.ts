import type { Session } from './http.ts';

/** One request of the steady traffic: when it started and ended, its status (0: no answer at all). */
export type TrafficAnswer = {
  url: string;
  status: number;
  retryAfter: string | null;
  startedAt: number;
  endedAt: number;
};

export type Traffic = { answers: TrafficAnswer[]; stop(): Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Steady traffic as browsers make it: `clients` loops, each sending the requests in turn with a short pause,
 * until stopped. Every answer is kept, with its timing, for the test to judge.
 */
export function startTraffic(
  requests: { url: string; session?: Session }[],
  { clients = 4, pauseMs = 20 } = {},
): Traffic {
  const answers: TrafficAnswer[] = [];
  let stopped = false;
  const client = async (offset: number) => {
    for (let turn = offset; !stopped; turn += 1) {
      const request = requests[turn % requests.length];
      if (!request) return;
      const startedAt = Date.now();
      const { status, retryAfter } = await send(request);
      answers.push({ url: request.url, status, retryAfter, startedAt, endedAt: Date.now() });
      await sleep(pauseMs);
    }
  };
  const running = Array.from({ length: clients }, (_, index) => client(index));
  return {
    answers,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

async function send(request: { url: string; session?: Session }) {
  const headers: Record<string, string> = {};
  if (request.session) headers.authorization = `Bearer ${request.session.access}`;
  try {
    const response = await fetch(request.url, { headers, signal: AbortSignal.timeout(15_000) });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, retryAfter: null };
  }
}
