// `npm start`: build the web app when it is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const webDir = 'apps/web';
const builtIndex = join(webDir, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const sources = [join(webDir, 'src'), join(webDir, 'public'), 'packages/contract/src'].filter(existsSync);
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime), 0)) {
  console.log('Building the web app…');
  // Vite's table of asset sizes is for whoever works on the bundle (npm run build), not for npm start.
  run('npm', ['run', 'build', '--silent', '-w', webDir, '--', '--logLevel', 'warn']);
}
run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']);
