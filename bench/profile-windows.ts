/**
 * Where a cold request's server time went: `npx tsx bench/profile-windows.ts <profile> <bench log> [start]
 * [top]` cuts a server's `--cpu-prof` profile (BENCH_PROFILE=<dir>) into the cold requests of one cold
 * start (`start`, from 0, in the log's order: the profiles' files in the same order) by the marks the
 * bench printed (BENCH_MARKS=1, bench/api-load.ts), and prints each request's busy time and its `top`
 * functions by self time (the bundle's names and lines). Half a second after the last request is
 * printed too: the work the server did after answering.
 *
 *   BENCH_MARKS=1 BENCH_PROFILE=/tmp/p BENCH_NODE_FLAGS=--cpu-prof-interval=250 BENCH_COLD_STARTS=1 \
 *     BENCH_COLD_BOARD=<file> BENCH_REPLICAS=0 BENCH_DIALECTS=sqlite npx tsx bench/api-load.ts > /tmp/p/log
 */
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const [profileFile, logFile, startArg = '0', topArg = '20'] = process.argv.slice(2);
if (!profileFile || !logFile) {
  console.error('usage: profile-windows.ts <profile.cpuprofile> <bench log> [start] [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;
const marks = readFileSync(logFile, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('MARK '))
  .map((line) => {
    const [, name, at] = line.split(' ');
    return { name: name as string, at: Number(at) };
  });
const REQUESTS = ['lead', 'tis', 'flow'];
const own = marks.slice(Number(startArg) * REQUESTS.length * 2, (Number(startArg) + 1) * REQUESTS.length * 2);
if (own.length < REQUESTS.length * 2) throw new Error(`no marks for cold start ${startArg} in ${logFile}`);

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const nameOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
};

const windows = REQUESTS.map((request, i) => ({
  request,
  from: (own[2 * i] as { at: number }).at,
  to: (own[2 * i + 1] as { at: number }).at,
}));
const lastEnd = windows.at(-1)?.to ?? 0;
windows.push({ request: 'after', from: lastEnd, to: lastEnd + 500_000 });

for (const { request, from, to } of windows) {
  const self = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length - 1; i++) {
    at += profile.timeDeltas[i] as number;
    if (at < from || at >= to) continue;
    const node = nodes.get(profile.samples[i] as number) as ProfileNode;
    if (node.callFrame.functionName === '(idle)') continue;
    const spent = profile.timeDeltas[i + 1] as number;
    busy += spent;
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + spent);
  }
  console.log(
    `\n${request}: ${((to - from) / 1000).toFixed(0)} ms wall, ${(busy / 1000).toFixed(1)} ms busy`,
  );
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg));
  for (const [name, us] of top) console.log(`  ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
}
