/**
 * `npm run check:github`: a read-only check of every read the collector makes, against a real GitHub (or
 * the simulator), before a release (docs/github.md, "Checking against github.com"). Needs CHECK_BOARD (the
 * board's node id) and either GITHUB_TOKEN (a user or installation token that reads the board) or the App's
 * GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY with CHECK_INSTALLATION_ID or CHECK_ORG (the installation's
 * account): the installation token is minted as the server mints it. GITHUB_API_URL defaults to
 * https://api.github.com. Prints what works, what falls back, and the points each read cost; exits 1 when
 * a read fails.
 */
import { appPrivateKey } from '../apps/server/src/config.ts';
import { createGithubClient } from '../apps/server/src/github/client.ts';
import { hostLacks } from '../apps/server/src/github/host-features.ts';
import { UNPUBLISHED_GRAPHQL } from '../apps/server/src/github/unpublished.ts';
import {
  type AppCaller,
  listInstallations,
  mintInstallationToken,
} from '../apps/server/src/installations/github-app.ts';

type Line = { read: string; outcome: 'works' | 'falls back' | 'fails'; detail: string; points: number };
type Env = Record<string, string | undefined>;

/** The App's installation token, minted as the server mints it (a JWT, then the access_tokens route). */
async function installationToken(env: Env, apiUrl: string): Promise<{ token: string; detail: string }> {
  const caller: AppCaller = {
    config: {
      github: {
        apiUrl,
        app: {
          appId: env.GITHUB_APP_ID ?? '',
          privateKey: appPrivateKey(env.GITHUB_APP_PRIVATE_KEY ?? ''),
          clientId: '',
          clientSecret: '',
          webhookSecret: '',
          slug: '',
          signIn: false,
        },
      },
    },
    now: Date.now,
  };
  let id = Number(env.CHECK_INSTALLATION_ID ?? Number.NaN);
  if (!Number.isInteger(id)) {
    const org = (env.CHECK_ORG ?? '').toLowerCase();
    const found = (await listInstallations(caller)).find((i) => i.accountLogin.toLowerCase() === org);
    if (!found) throw new Error(`the App has no installation on "${env.CHECK_ORG}"`);
    id = found.id;
  }
  const minted = await mintInstallationToken(caller, id);
  return {
    token: minted.token,
    detail: `installation ${id}, valid until ${new Date(minted.expiresAt).toISOString()}`,
  };
}

const usage =
  'set CHECK_BOARD (the board node id) and GITHUB_TOKEN, or GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY and CHECK_INSTALLATION_ID or CHECK_ORG';

export async function checkGithub(env: Env): Promise<Line[]> {
  const apiUrl = (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, '');
  const board = env.CHECK_BOARD ?? '';
  const asApp = Boolean(env.GITHUB_APP_ID && env.GITHUB_APP_PRIVATE_KEY);
  if (!board || !(env.GITHUB_TOKEN || (asApp && (env.CHECK_INSTALLATION_ID || env.CHECK_ORG))))
    throw new Error(usage);
  const lines: Line[] = [];
  let token = env.GITHUB_TOKEN ?? '';
  if (!token) {
    try {
      const minted = await installationToken(env, apiUrl);
      token = minted.token;
      lines.push({ read: 'installation token (App)', outcome: 'works', detail: minted.detail, points: 0 });
    } catch (error) {
      lines.push({
        read: 'installation token (App)',
        outcome: 'fails',
        detail: (error as Error).message,
        points: 0,
      });
      return lines;
    }
  }
  const client = createGithubClient({ apiUrl, token, retries: 1 });
  const used = () => client.rateLimit()?.used ?? 0;
  const check = async (
    read: string,
    run: () => Promise<string>,
    feature?: 'filteredItems' | 'projectTimelines',
  ) => {
    const before = used();
    try {
      const detail = await run();
      const fellBack = feature !== undefined && hostLacks(apiUrl, feature);
      const fallback = UNPUBLISHED_GRAPHQL.find((part) => part.feature === feature)?.fallback ?? '';
      lines.push({
        read,
        outcome: fellBack ? 'falls back' : 'works',
        detail: fellBack ? fallback : detail,
        points: used() - before,
      });
    } catch (error) {
      const fellBack = feature !== undefined && hostLacks(apiUrl, feature);
      const fallback = UNPUBLISHED_GRAPHQL.find((part) => part.feature === feature)?.fallback ?? '';
      lines.push({
        read,
        outcome: fellBack ? 'falls back' : 'fails',
        detail: fellBack ? fallback : (error as Error).message,
        points: used() - before,
      });
    }
  };
  // An installation acts as no user: the collector never asks it for the viewer.
  if (env.GITHUB_TOKEN) await check('viewer', async () => (await client.getViewer()).login);
  await check('board and fields', async () => {
    const { project, fields } = await client.getProjectWithFields(board);
    return `"${project.title}", ${fields.fields.length} single-select fields`;
  });
  await check('board versions', async () => `${(await client.boardVersions([board])).size} of 1`);
  await check('full listing', async () => `${(await client.listProjectItems(board)).length} items`);
  await check(
    'filtered listing (items(query:))',
    async () => `${(await client.listProjectItems(board, { updatedSinceDays: 1 })).length} items`,
    'filteredItems',
  );
  await check(
    'history import (timeline events)',
    async () => `${(await client.getStatusHistory({ projectId: board })).length} items' histories`,
    'projectTimelines',
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = await checkGithub(process.env);
  for (const l of lines) console.log(`${l.outcome.padEnd(10)} ${l.read}: ${l.detail} (${l.points} points)`);
  process.exit(lines.some((l) => l.outcome === 'fails') ? 1 : 0);
}
