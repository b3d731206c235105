import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root: children run from there, as `npm start` and `npm run worker` do. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** A child process of the suite, with everything it printed (for failure messages). */
export type Child = {
  name: string;
  process: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
};

/**
 * Free TCP ports for children that cannot be given port 0 (the simulators' entry points, and a replica must
 * know its public URL before it starts). They come from below Linux's ephemeral range (32768–60999), from a
 * random place in it: a port the system handed out for port 0 is the very port it hands next to an outgoing
 * connection or to another test's `listen(0)`, which took one between our close and the child's bind (CI:
 * "MAIL_SIM_PORT: port 39083 is already in use"). Each is proved free by listening on it on every interface;
 * all are held open together so that no two answers collide.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  const span = FIXED_PORTS.last - FIXED_PORTS.first + 1;
  let offset = Math.floor(Math.random() * span);
  try {
    for (let tried = 0; held.length < count; tried += 1, offset = (offset + 1) % span) {
      if (tried === span)
        throw new Error(`fewer than ${count} free ports in ${FIXED_PORTS.first}–${FIXED_PORTS.last}`);
      const server = await listening(FIXED_PORTS.first + offset);
      if (server) held.push(server);
    }
    return held.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

const FIXED_PORTS = { first: 20_000, last: 32_767 };

function listening(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, () => resolve(server));
  });
}

/** Every child started in this test process, so that nothing outlives the suite. */
const started: Child[] = [];

// Last resort when the test process ends without afterAll (a crash, a timeout): no orphans.
process.once('exit', () => {
  for (const child of started) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Runs a TypeScript entry point as `npm start` / `npm run worker` do (node with tsx), configured only by
 * `env`. Each child leads its own process group, so `killAll` also ends anything it started.
 */
export function startEntryPoint(name: string, entry: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)),
  );
  const tracked: Child = { name, process: child, pid: child.pid, output: () => output, exited };
  started.push(tracked);
  return tracked;
}

/** SIGKILL to the child's whole process group; a child already gone is fine. */
export async function kill(child: Child): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  await child.exited;
}

/** SIGTERM to the child's process group, as a process manager stops a worker; waits until it has ended. */
export async function stop(child: Child): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null)
    process.kill(-child.pid, 'SIGTERM');
  await child.exited;
}

/** Kills every child this test process started (afterAll: even when a test or a start-up failed). */
export async function killEveryChild(): Promise<void> {
  await Promise.all(started.map(kill));
}

/** Polls `probe` until it answers a value other than undefined, or fails naming what it waited for. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { timeoutMs = 20_000, intervalMs = 100, children = [] as Child[] } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    const dead = children.find((c) => c.process.exitCode !== null || c.process.signalCode !== null);
    if (dead) throw new Error(`${dead.name} ended while waiting for ${what}:\n${dead.output()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const reason = lastError ? ` (last error: ${(lastError as Error).message})` : '';
  const logs = children.map((c) => `--- ${c.name}\n${c.output().slice(-3_000)}`).join('\n');
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${reason}\n${logs}`);
}

/** Waits until `url` answers 200 (a server's /readyz). */
export function waitUntilReady(url: string, child: Child, timeoutMs = 40_000): Promise<true> {
  return waitFor(`${child.name} at ${url}`, async () => ((await fetch(url)).ok ? true : undefined), {
    timeoutMs,
    intervalMs: 200,
    children: [child],
  });
}
