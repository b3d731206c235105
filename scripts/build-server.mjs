// `npm run build:server`: the server and the worker bundled ahead of time into plain JavaScript
// (apps/server/dist), so production runs them with `node` instead of transforming TypeScript at start
// (issue 38: tsx held tens of MB more at listen). The workspace packages (@fluxion/*, TypeScript
// sources) are inlined; node_modules stay external and are loaded by Node as usual.
import { build } from 'esbuild';

export const SERVER_ENTRIES = ['apps/server/src/main.ts', 'apps/server/src/worker.ts'];
export const SERVER_OUT_DIR = 'apps/server/dist';

/** node_modules stay outside the bundle; the workspace's own packages (`@fluxion/*`) go in. */
export const workspaceOnly = {
  name: 'external-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fluxion/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** How the server is compiled, shared with the bench's server process (bench/serve-bundle.ts). */
export const SERVER_BUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
};

export async function buildServer() {
  await build({
    ...SERVER_BUILD_OPTIONS,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT_DIR,
    // Chunks keep the simulators (dynamic imports, local mode only) out of a production start.
    splitting: true,
    plugins: [workspaceOnly],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
