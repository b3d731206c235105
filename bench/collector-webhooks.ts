/**
 * Webhook ingestion: signed `projects_v2_item` Status edits POSTed to one app server (its own process, so
 * that the load generator does not share its event loop), closed loop at BENCH_WEBHOOK_CONCURRENCY in
 * flight for BENCH_WEBHOOK_SECONDS; then single moves, each followed by `/api/flow/` until it shows.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import type { Config } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { COLUMNS, MINUTE } from '../apps/server/src/testing/collector-sim.ts';
import { OWNER } from './collector-board.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('BENCH_WEBHOOK_SECONDS', 5);
const CONCURRENCY = env('BENCH_WEBHOOK_CONCURRENCY', 32);
const PROBES = env('BENCH_WEBHOOK_PROBES', 40);

type ServeOptions = { databaseUrl: string | null; dataDir: string; config: Config; now: number };

export type WebhookFigures = {
  deliveries: number;
  perSecond: number;
  /** The server process's CPU time (user + system) per recorded delivery. */
  cpuMsPerDelivery: number;
  visibleMs: number[];
  failed: number;
};

function cpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => {
      const usage = m as NodeJS.CpuUsage;
      resolve((usage.user + usage.system) / 1000);
    });
    child.send('cpu');
  });
}

async function serve(options: ServeOptions): Promise<void> {
  const handle = openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const started = Date.now();
  const now = () => options.now + (Date.now() - started);
  const app = await buildApp(
    { config: options.config, db: handle.db, dialect: handle.dialect, now },
    { webRoot: null },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  process.on('message', async (message) => {
    if (message === 'cpu') return process.send?.(process.cpuUsage());
    await app.close();
    await handle.close();
    process.exit(0);
  });
  process.send?.({ url: `http://127.0.0.1:${address.port}` });
}

function startServer(options: ServeOptions): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_WEBHOOK_PROFILE=<dir>: a CPU profile of the server process, written there when it stops.
  const profile = process.env.BENCH_WEBHOOK_PROFILE;
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    env: { ...process.env, BENCH_SERVE: JSON.stringify(options) },
    execArgv: [...process.execArgv, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: (m as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

type Answer = { status: number; body: string };

function request(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method, agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Each item moves one column on per delivery, dated 10 ms after the previous delivery. */
function deliveries(projectId: string, columns: Map<string, string>, secret: string, firstAt: number) {
  const items = [...columns.keys()];
  let sent = 0;
  return (itemId = items[sent % items.length] as string) => {
    const from = columns.get(itemId) ?? 'Todo';
    const to = COLUMNS[(COLUMNS.indexOf(from) + 1) % COLUMNS.length] as string;
    columns.set(itemId, to);
    const at = new Date(firstAt + sent * 10).toISOString();
    sent += 1;
    const body = JSON.stringify({
      action: 'edited',
      organization: { login: OWNER },
      projects_v2_item: {
        node_id: itemId,
        project_node_id: projectId,
        content_type: 'Issue',
        updated_at: at,
      },
      changes: {
        field_value: {
          field_type: 'single_select',
          field_name: 'Status',
          from: { name: from },
          to: { name: to },
        },
      },
    });
    const headers = {
      'content-type': 'application/json',
      'x-github-event': 'projects_v2_item',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    };
    return { body, headers, to };
  };
}

/** Sustained deliveries per second, then the delay until a delivered move shows in `/api/flow/`. */
export async function benchWebhooks(params: {
  databaseUrl: string | null;
  dataDir: string;
  config: Config;
  now: number;
  projectId: string;
  columns: Map<string, string>;
  auth: { authorization: string };
}): Promise<WebhookFigures> {
  const { config } = params;
  const { child, url } = await startServer({ ...params });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const next = deliveries(
    params.projectId,
    params.columns,
    config.github.webhookSecret ?? '',
    params.now - 10 * MINUTE,
  );
  const hook = `${url}/webhooks/github`;
  try {
    let done = 0;
    let failed = 0;
    const cpuBefore = await cpuMs(child);
    const start = performance.now();
    const end = start + SECONDS * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const d = next();
        const answer = await request(agent, hook, 'POST', d.headers, d.body);
        if (answer.status === 200 && answer.body.includes('recorded')) done += 1;
        else failed += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const perSecond = done / ((performance.now() - start) / 1000);
    const cpuMsPerDelivery = ((await cpuMs(child)) - cpuBefore) / Math.max(1, done);
    const visibleMs = await probeVisibility(agent, url, hook, params, next);
    return { deliveries: done, perSecond, cpuMsPerDelivery, visibleMs, failed };
  } finally {
    agent.destroy();
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function probeVisibility(
  agent: http.Agent,
  url: string,
  hook: string,
  params: { projectId: string; columns: Map<string, string>; auth: { authorization: string } },
  next: ReturnType<typeof deliveries>,
): Promise<number[]> {
  const flowUrl = `${url}/api/flow/?project=${encodeURIComponent(params.projectId)}`;
  const today = async (column: string) => {
    const answer = await request(agent, flowUrl, 'GET', params.auth);
    if (answer.status !== 200) throw new Error(`/api/flow/: ${answer.status} ${answer.body}`);
    const cfd = (JSON.parse(answer.body) as { cfd: { counts: Record<string, number> }[] }).cfd;
    return cfd.at(-1)?.counts[column] ?? 0;
  };
  const delays: number[] = [];
  // Todo → In Progress: the next column's count rises, whether the chart counts stays or arrivals.
  const inTodo = [...params.columns].filter(([, column]) => column === 'Todo').map(([id]) => id);
  for (const itemId of inTodo.slice(0, PROBES)) {
    const before = await today('In Progress');
    const d = next(itemId);
    const sent = performance.now();
    const answer = await request(agent, hook, 'POST', d.headers, d.body);
    if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${answer.body}`);
    while ((await today(d.to)) <= before) {
      if (performance.now() - sent > 10_000) throw new Error('a delivered move did not show in 10 s');
    }
    delays.push(performance.now() - sent);
  }
  return delays.sort((a, b) => a - b);
}

if (process.argv[2] === 'serve') await serve(JSON.parse(process.env.BENCH_SERVE ?? '{}') as ServeOptions);
