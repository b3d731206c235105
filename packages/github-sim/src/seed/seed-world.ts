import type { World } from '../model/world.ts';
import type { SimProject } from '../model/types.ts';
import {
  DAY_MS,
  DEMO_OWNER,
  DEMO_PROJECT_ID,
  DEMO_PROJECT_NUMBER,
  DEMO_PRIORITIES,
  DEMO_PRIORITY_FIELD,
  DEMO_PRIORITY_FIELD_ID,
  type DemoBoard,
  demoPriorityChanges,
  type FlowModel,
  generateDemoBoard,
  generateHistory,
} from '@fluxion/demo-board';
import { seedDemoRelations, seedRelations } from './seed-relations.ts';
import { loadHistory } from './load-history.ts';

export const DEFAULT_CLIENT_ID = 'fluxion-local';
export const DEFAULT_CLIENT_SECRET = 'fluxion-local-secret';

export const SEEDED = {
  users: ['octo-alice', 'octo-bob'],
  org: 'fluxion-labs',
  demoOrg: DEMO_OWNER,
} as const;

const LABS_FLOW: FlowModel = {
  entry: { Backlog: 0.8, Todo: 0.2 },
  done: 'Done',
  columns: {
    Backlog: { meanHours: 72, next: { Todo: 0.9, 'In Progress': 0.1 } },
    Todo: { meanHours: 36, next: { 'In Progress': 0.92, Backlog: 0.08 } },
    'In Progress': { meanHours: 50, next: { 'In Review': 0.85, Todo: 0.1, Done: 0.05 } },
    'In Review': { meanHours: 20, next: { Done: 0.78, 'In Progress': 0.22 } },
    Done: { meanHours: 300, next: { '': 1 } },
  },
};

const WEB_FLOW: FlowModel = {
  entry: { Todo: 1 },
  done: 'Done',
  columns: {
    Todo: { meanHours: 40, next: { 'In Progress': 1 } },
    'In Progress': { meanHours: 30, next: { QA: 0.9, Todo: 0.1 } },
    QA: { meanHours: 16, next: { Done: 0.85, 'In Progress': 0.15 } },
    Done: { meanHours: 300, next: { '': 1 } },
  },
};

/** The seeded scenario: two users, an org with two boards, a user-owned board, and the public demo board. */
export function seedWorld(world: World): void {
  const end = world.now();
  for (const [login, name] of [
    ['octo-alice', 'Alice Octo'],
    ['octo-bob', 'Bob Octo'],
  ] as const) {
    world.createUser({ login, name, approvedClients: [DEFAULT_CLIENT_ID] });
  }
  world.createOrg({
    login: SEEDED.org,
    name: 'Fluxion Labs',
    members: ['octo-alice', 'octo-bob'],
    owners: ['octo-alice'],
  });
  const platform = world.createProject({
    owner: SEEDED.org,
    title: 'Platform roadmap',
    at: end - 70 * DAY_MS,
  });
  loadHistory(
    world,
    platform,
    'fluxion-labs/platform',
    generateHistory({ seed: 11, count: 40, days: 60, end, flow: LABS_FLOW }),
    'octo-bob',
  );
  seedRelations(world, platform, 'fluxion-labs/platform');
  const t = new Date(end - 3 * DAY_MS).toISOString();
  loadHistory(
    world,
    platform,
    'fluxion-labs/secret-infra',
    [
      {
        title: 'Rotate production keys',
        labels: [],
        milestone: null,
        createdAt: t,
        transitions: [{ at: t, from: null, to: 'In Progress' }],
        visibleTo: ['octo-bob'],
      },
    ],
    'octo-bob',
  );
  loadHistory(
    world,
    platform,
    'fluxion-labs/platform',
    [
      {
        title: 'Add retry to the sync job',
        kind: 'PullRequest',
        labels: ['enhancement'],
        milestone: null,
        createdAt: t,
        transitions: [{ at: t, from: null, to: 'In Review' }],
      },
      {
        title: 'Draft: capacity planning notes',
        kind: 'DraftIssue',
        labels: [],
        milestone: null,
        createdAt: t,
        transitions: [],
      },
    ],
    'octo-alice',
  );
  seedWebApp(world, SEEDED.org);
  const side = world.createProject({ owner: 'octo-alice', title: 'Side project', at: end - 30 * DAY_MS });
  loadHistory(
    world,
    side,
    'octo-alice/dotfiles',
    generateHistory({ seed: 33, count: 12, days: 25, end, flow: LABS_FLOW }),
    'octo-alice',
  );
  seedDemo(world);
}

/**
 * The "Web app" board (four columns with QA, 20 issues moved over 30 days, told whole), owned by `owner`:
 * the seeded organization's, and a copy for each end-to-end spec that changes its settings, so that no
 * spec depends on what another did to a shared board (POST /_sim/seeded/web-app).
 */
export function seedWebApp(world: World, owner: string): SimProject {
  const end = world.now();
  const web = world.createProject({
    owner,
    title: 'Web app',
    columns: ['Todo', 'In Progress', 'QA', 'Done'],
    at: end - 40 * DAY_MS,
  });
  loadHistory(
    world,
    web,
    `${owner}/web`,
    generateHistory({ seed: 22, count: 20, days: 30, end, flow: WEB_FLOW }),
    'octo-alice',
  );
  return web;
}

/**
 * The seeded world's part of the GitHub App, also for a world restored from a state file saved before
 * the App existed: alice owns fluxion-labs (may install Apps; bob is a member), and the seeded users have
 * authorized the App when it is new, so local sign-in through it needs no click.
 */
export function seedAppDefaults(world: World, appIsNew: boolean): void {
  const org = world.orgs.get(SEEDED.org);
  if (org && !org.owners) org.owners = new Set(org.members.has('octo-alice') ? ['octo-alice'] : []);
  const clientId = world.app?.clientId;
  if (!appIsNew || !clientId) return;
  for (const login of SEEDED.users) world.users.get(login)?.approvals.set(clientId, new Set(['*']));
}

export function seedDemo(world: World): void {
  const board = generateDemoBoard({ now: world.now() });
  world.createOrg({ login: DEMO_OWNER, name: 'Fluxion Demo' });
  const project = world.createProject({
    owner: DEMO_OWNER,
    title: board.title,
    columns: board.columns,
    number: DEMO_PROJECT_NUMBER,
    nodeId: DEMO_PROJECT_ID,
    public: true,
    at: Date.parse(board.items[0]?.createdAt ?? new Date().toISOString()),
    singleSelectFields: [{ name: DEMO_PRIORITY_FIELD, options: [...DEMO_PRIORITIES] }],
  });
  loadHistory(world, project, board.repo, board.items, 'octo-bob');
  seedDemoRelations(world, board);
  seedDemoPriority(world, project, board);
}

/**
 * The demo's Priority field and each item's Priority as packages/demo-board makes them (and Fluxion stores
 * them as the demo's breakdown field), set as history: no webhook for the past.
 */
function seedDemoPriority(world: World, project: SimProject, board: DemoBoard): void {
  const field = project.otherSingleSelects?.find((f) => f.name === DEMO_PRIORITY_FIELD);
  if (!field) return;
  field.nodeId = DEMO_PRIORITY_FIELD_ID;
  for (const change of demoPriorityChanges(board, { now: world.now() })) {
    const item = world.items.get(change.itemId);
    const option = field.options.find((o) => o.name === change.value);
    if (!item || !option) continue;
    const values = item.fieldValues ?? {};
    const createdAt = values[field.nodeId]?.createdAt ?? change.at;
    values[field.nodeId] = { value: option.id, createdAt, updatedAt: change.at };
    item.fieldValues = values;
  }
}
