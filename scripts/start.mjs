// `npm start` (and `npm run worker`, given `worker`): build the web app and the server bundle when
// missing or older than their sources, then run the bundle with plain node, in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const webDir = 'apps/web';
const builtIndex = join(webDir, 'dist', 'index.html');
// Kept in step with scripts/build-server.mjs (not imported: it loads esbuild, which a server need not hold).
const serverOutDir = 'apps/server/dist';
const serverEntries = ['main.js', 'worker.js'].map((name) => join(serverOutDir, name));
const role = process.argv[2] === 'worker' ? 'worker' : 'main';

/** The newest modification time of a file, or of any file under a folder. */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Whether every built file exists and is newer than every source. */
function isFresh(builtFiles, sourceDirs) {
  if (!builtFiles.every(existsSync)) return false;
  const builtAt = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
  return builtAt >= Math.max(...sourceDirs.filter(existsSync).map(newestMtime), 0);
}

const webSources = [join(webDir, 'src'), join(webDir, 'public'), 'packages/contract/src'];
if (role === 'main' && !isFresh([builtIndex], webSources)) {
  console.log('Building the web app…');
  // Vite's table of asset sizes is for whoever works on the bundle (npm run build), not for npm start.
  run('npm', ['run', 'build', '--silent', '-w', webDir, '--', '--logLevel', 'warn']);
}

// The server bundle inlines the workspace packages, so their sources count too.
const packageSources = readdirSync('packages').map((name) => join('packages', name, 'src'));
const serverSources = ['apps/server/src', ...packageSources, 'scripts/build-server.mjs'];
if (!isFresh(serverEntries, serverSources)) {
  console.log('Building the server…');
  run(process.execPath, ['scripts/build-server.mjs']);
}

await import(pathToFileURL(resolve(serverOutDir, `${role}.js`)).href);
