/**
 * How bench/api-load.ts starts its server process: as production runs (`npm start`, issue 38), bundled
 * into plain JavaScript the way scripts/build-server.mjs bundles the product (the measured revision's
 * server and workspace packages inlined, node_modules outside) and run with plain node, without tsx. A
 * revision from before the bundle ran under tsx in production: it is measured so, from its sources.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { SERVER_BUILD_OPTIONS, workspaceOnly } from '../scripts/build-server.mjs';
import { codeRoot } from './code.ts';

/** What to fork: a module, its arguments, node's flags, and the variables `npm start` sets. */
export type ServerProcess = {
  modulePath: string;
  args: string[];
  execArgv: string[];
  env: Record<string, string>;
};

const harnessRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The server process for the measured code; `harnessModule 'serve'` under tsx for a revision without a bundle. */
export async function serverProcess(harnessModule: string): Promise<ServerProcess> {
  if (!existsSync(join(codeRoot, 'scripts', 'build-server.mjs'))) {
    console.log(
      '(the measured revision has no server bundle: its server process runs under tsx, as it did then)',
    );
    return { modulePath: harnessModule, args: ['serve'], execArgv: process.execArgv, env: {} };
  }
  // Beside the measured server's own bundle, so that it loads the same node_modules (some are the server's alone).
  const outfile = join(codeRoot, 'apps', 'server', '.bench', 'api-serve.mjs');
  await build({
    ...SERVER_BUILD_OPTIONS,
    entryPoints: [join(harnessRoot, 'bench', 'api-serve-main.ts')],
    outfile,
    plugins: [workspaceOnly, measuredCode],
  });
  return { modulePath: outfile, args: [], execArgv: startNodeFlags(), env: startVariables() };
}

/** The words of the measured revision's `npm start` (package.json: `NAME=value … node --flag … scripts/start.mjs`). */
function startWords(root: string): string[] {
  const start = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: { start?: string } }
  ).scripts?.start;
  return start?.split(/\s+/) ?? [];
}

/**
 * The variables the measured revision's `npm start` sets before `node`, e.g. glibc's tunables, which a
 * process must have from its start.
 */
export function startVariables(root = codeRoot): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const word of startWords(root)) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/.exec(word);
    if (!assignment) break;
    variables[assignment[1] as string] = assignment[2] as string;
  }
  return variables;
}

/** The flags the measured revision's `npm start` gives `node` before the script, e.g. V8's heap settings. */
export function startNodeFlags(root = codeRoot): string[] {
  const words = startWords(root);
  const node = words.indexOf('node');
  if (node < 0) return [];
  const flags: string[] = [];
  for (const word of words.slice(node + 1)) {
    if (!word.startsWith('-')) break;
    flags.push(word);
  }
  return flags;
}

/** The harness's imports of the server are the measured revision's files. */
const measuredCode: Plugin = {
  name: 'measured-code',
  setup(builder) {
    builder.onResolve({ filter: /\/apps\/server\/src\// }, (args) => {
      if (codeRoot === harnessRoot || !args.importer.startsWith(join(harnessRoot, 'bench'))) return undefined;
      return { path: join(codeRoot, relative(harnessRoot, resolve(dirname(args.importer), args.path))) };
    });
  },
};
