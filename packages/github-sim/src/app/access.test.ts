import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { api, installationToken } from '../test/app-helpers.ts';
import { control, rawGraphql, startSim } from '../test/helpers.ts';

/*
 * Who reads what on the Platform roadmap board (fluxion-labs, project 1), by token kind, the repository's
 * visibility and the App installation's repository selection. Repositories:
 *  - platform: public;
 *  - core: private, alice and bob may see it;
 *  - secret-infra: private, only bob may see it.
 */
type Outcome = 'content' | 'REDACTED';
type Repo = 'platform' | 'core' | 'secret-infra';
type Installed = 'none' | 'all' | 'suspended' | Repo[];
type Row = {
  name: string;
  token:
    | { kind: 'classic'; login: string; scopes?: string[] }
    | { kind: 'installation'; narrowTo?: Repo[] }
    | { kind: 'app-user'; login: string };
  enforced?: boolean;
  installed: Installed;
  expect: Record<Repo, Outcome> | 'board hidden' | 403;
};

const ALL: Record<Repo, Outcome> = { platform: 'content', core: 'content', 'secret-infra': 'content' };
const NOT_SECRET: Record<Repo, Outcome> = { ...ALL, 'secret-infra': 'REDACTED' };
const PUBLIC_ONLY: Record<Repo, Outcome> = { ...NOT_SECRET, core: 'REDACTED' };
const classicScopes = ['read:org', 'read:project'];

const ROWS: Row[] = [
  // Classic OAuth tokens, by GitHub's scope rule (the simulator's default): without `repo`, private
  // repositories' items are REDACTED whoever the user is; with it, the user's own access.
  {
    name: 'classic without repo, alice: private repositories REDACTED',
    token: { kind: 'classic', login: 'octo-alice' },
    installed: 'none',
    expect: PUBLIC_ONLY,
  },
  {
    name: 'classic without repo, bob: private repositories REDACTED though he may see them',
    token: { kind: 'classic', login: 'octo-bob' },
    installed: 'none',
    expect: PUBLIC_ONLY,
  },
  {
    name: 'classic with repo, bob: the user’s access',
    token: { kind: 'classic', login: 'octo-bob', scopes: [...classicScopes, 'repo'] },
    installed: 'none',
    expect: ALL,
  },
  {
    name: 'classic with repo, alice (cannot see secret-infra)',
    token: { kind: 'classic', login: 'octo-alice', scopes: [...classicScopes, 'repo'] },
    installed: 'none',
    expect: NOT_SECRET,
  },
  {
    name: 'classic ignores installations',
    token: { kind: 'classic', login: 'octo-alice', scopes: [...classicScopes, 'repo'] },
    installed: ['core'],
    expect: NOT_SECRET,
  },
  // The rule switched off (classicScopesEnforced: false): a kinder GitHub than the real one, the user's
  // access whatever the scopes.
  {
    name: 'classic, rule off, bob: his own access',
    token: { kind: 'classic', login: 'octo-bob' },
    enforced: false,
    installed: 'none',
    expect: ALL,
  },
  {
    name: 'classic, rule off, alice (cannot see secret-infra)',
    token: { kind: 'classic', login: 'octo-alice' },
    enforced: false,
    installed: 'none',
    expect: NOT_SECRET,
  },
  { name: 'installation, all repositories', token: { kind: 'installation' }, installed: 'all', expect: ALL },
  {
    name: 'installation, selected [core]',
    token: { kind: 'installation' },
    installed: ['core'],
    expect: NOT_SECRET,
  },
  {
    name: 'installation, selected [secret-infra]',
    token: { kind: 'installation' },
    installed: ['secret-infra'],
    expect: { ...ALL, core: 'REDACTED' },
  },
  {
    name: 'installation, all, token narrowed to [platform]',
    token: { kind: 'installation', narrowTo: ['platform'] },
    installed: 'all',
    expect: PUBLIC_ONLY,
  },
  {
    name: 'installation suspended: refused',
    token: { kind: 'installation' },
    installed: 'suspended',
    expect: 403,
  },
  {
    name: 'user access token, alice, all: her access ∩ the installation',
    token: { kind: 'app-user', login: 'octo-alice' },
    installed: 'all',
    expect: NOT_SECRET,
  },
  {
    name: 'user access token, bob, all',
    token: { kind: 'app-user', login: 'octo-bob' },
    installed: 'all',
    expect: ALL,
  },
  {
    name: 'user access token, bob, selected [core]',
    token: { kind: 'app-user', login: 'octo-bob' },
    installed: ['core'],
    expect: NOT_SECRET,
  },
  {
    name: 'user access token, bob, selected [platform]',
    token: { kind: 'app-user', login: 'octo-bob' },
    installed: ['platform'],
    expect: PUBLIC_ONLY,
  },
  {
    name: 'user access token, App not installed: no private board',
    token: { kind: 'app-user', login: 'octo-bob' },
    installed: 'none',
    expect: 'board hidden',
  },
  {
    name: 'user access token, installation suspended',
    token: { kind: 'app-user', login: 'octo-bob' },
    installed: 'suspended',
    expect: 'board hidden',
  },
];

const ITEMS = /* GraphQL */ `
  query {
    organization(login: "fluxion-labs") {
      projectV2(number: 1) {
        items(first: 100) {
          nodes { id type content { __typename } fieldValueByName(name: "Status") { __typename } }
        }
      }
    }
  }
`;

let sim: GithubSim;
let installationId: number | null = null;

async function reconcile(installed: Installed): Promise<void> {
  if (installed === 'none') {
    if (installationId !== null)
      await control(sim, `/_sim/installations/${installationId}`, undefined, 'DELETE');
    installationId = null;
    return;
  }
  if (installationId === null) {
    installationId = (await control<{ id: number }>(sim, '/_sim/installations', { org: 'fluxion-labs' })).id;
  }
  await control(sim, `/_sim/installations/${installationId}/unsuspend`);
  const selection = Array.isArray(installed)
    ? { repositorySelection: 'selected', repositories: installed }
    : { repositorySelection: 'all' };
  await control(sim, `/_sim/installations/${installationId}/repositories`, selection, 'PUT');
  if (installed === 'suspended') await control(sim, `/_sim/installations/${installationId}/suspend`);
}

async function tokenFor(row: Row): Promise<string> {
  const token = row.token;
  if (token.kind === 'classic') return sim.createToken(token.login, token.scopes);
  if (token.kind === 'app-user')
    return (await control<{ access_token: string }>(sim, '/_sim/app/user-tokens', { login: token.login }))
      .access_token;
  if (row.installed === 'suspended') {
    // Minted before the suspension: the token is refused on use.
    await control(sim, `/_sim/installations/${installationId}/unsuspend`);
    const minted = await installationToken(sim, installationId ?? 0);
    await control(sim, `/_sim/installations/${installationId}/suspend`);
    return minted;
  }
  return installationToken(sim, installationId ?? 0, token.narrowTo ? { repositories: token.narrowTo } : {});
}

function repoOfItem(itemId: string): string {
  const item = sim.world.items.get(itemId);
  const content = item && sim.world.contents.get(item.contentId);
  return content?.repo ?? '';
}

beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
  const platform = sim.world.projectByNumber('fluxion-labs', 1);
  await control(sim, '/_sim/issues', {
    repo: 'fluxion-labs/core',
    title: 'Core: private to the team',
    visibleTo: ['octo-alice', 'octo-bob'],
    projectId: platform?.nodeId,
    status: 'Todo',
  });
});
afterAll(() => sim.close());

describe('access by token kind × repository visibility × installation selection', () => {
  it.each(ROWS)('$name', async (row) => {
    await control(sim, '/_sim/options', { classicScopesEnforced: row.enforced ?? true });
    await reconcile(row.installed);
    const token = await tokenFor(row);
    const answer = await rawGraphql(sim, ITEMS, token);
    if (row.expect === 403) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('This installation has been suspended');
      expect((await api(sim, '/repos/fluxion-labs/platform', token)).status).toBe(403);
      return;
    }
    expect(answer.status).toBe(200);
    const data = answer.body.data as {
      organization: { projectV2: { items: { nodes: Record<string, unknown>[] } } | null };
    };
    if (row.expect === 'board hidden') {
      expect(data.organization.projectV2).toBeNull();
      expect((answer.body.errors as { type: string }[])[0]?.type).toBe('NOT_FOUND');
      expect((await api(sim, '/repos/fluxion-labs/platform', token)).status).toBe(200);
      expect((await api(sim, '/repos/fluxion-labs/core', token)).status).toBe(404);
      return;
    }
    const nodes = data.organization.projectV2?.items.nodes ?? [];
    const seen: Record<string, Set<string>> = {};
    for (const node of nodes) {
      const repo = repoOfItem(String(node.id));
      const outcome =
        node.type === 'REDACTED'
          ? node.content === null && node.fieldValueByName === null
            ? 'REDACTED'
            : 'REDACTED with data!'
          : node.content
            ? 'content'
            : 'no content?';
      const key = repo.split('/')[1] ?? 'draft';
      seen[key] = (seen[key] ?? new Set()).add(outcome);
    }
    expect(seen.draft).toEqual(new Set(['content']));
    for (const [repo, outcome] of Object.entries(row.expect)) {
      expect(seen[repo], repo).toEqual(new Set([outcome]));
      const rest = await api(sim, `/repos/fluxion-labs/${repo}`, token);
      expect(rest.status, `GET /repos/fluxion-labs/${repo}`).toBe(outcome === 'content' ? 200 : 404);
    }
  });

  it('gives App tokens nothing of user-owned boards (an empty list, not an error); classic tokens keep them', async () => {
    await control(sim, '/_sim/options', { classicScopesEnforced: true });
    await reconcile('all');
    const query = 'query { user(login: "octo-alice") { projectsV2(first: 10) { nodes { title } } } }';
    const count = async (token: string) => {
      const answer = await rawGraphql(sim, query, token);
      expect(answer.body.errors).toBeUndefined();
      return (answer.body.data as { user: { projectsV2: { nodes: unknown[] } } }).user.projectsV2.nodes
        .length;
    };
    expect(await count(sim.createToken('octo-alice'))).toBe(1);
    expect(await count(await installationToken(sim, installationId ?? 0))).toBe(0);
    const user = await control<{ access_token: string }>(sim, '/_sim/app/user-tokens', {
      login: 'octo-alice',
    });
    expect(await count(user.access_token)).toBe(0);
  });

  it('answers an installation token’s viewer as the App’s bot, refused the REST user; a deleted installation’s token is 401', async () => {
    await reconcile('all');
    const token = await installationToken(sim, installationId ?? 0);
    const viewer = await rawGraphql(sim, 'query { viewer { login } }', token);
    expect(viewer.body.data).toEqual({ viewer: { login: `${sim.app().slug}[bot]` } });
    const user = await api(sim, '/user', token);
    expect(user.status).toBe(403);
    expect(user.body.message).toBe('Resource not accessible by integration');
    await reconcile('none');
    const after = await rawGraphql(sim, ITEMS, token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Bad credentials');
  });
});
