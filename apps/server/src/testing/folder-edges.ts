/**
 * The one list of which folders of apps/server/src each folder may import from. `db/table-owners.test.ts`
 * fails on an import outside it (and on an edge listed here that no import uses), and ARCHITECTURE.md's
 * diagram is drawn from it (`npx tsx scripts/architecture-diagram.ts --write`). A new edge is a design
 * decision: add it here, in the direction of the layers, and redraw the diagram.
 */
export const FOLDER_EDGES: Readonly<Record<string, readonly string[]>> = {
  http: ['db'],
  users: ['db', 'leases'],
  boards: ['db', 'leases'],
  leases: ['db'],
  'move-log': ['boards', 'db'],
  github: ['boards', 'http', 'leases', 'users'],
  auth: ['db', 'github', 'http', 'users'],
  iterations: ['boards', 'db', 'github', 'http'],
  billing: ['auth', 'db', 'github', 'http', 'leases', 'users'],
  installations: ['auth', 'boards', 'db', 'github', 'http', 'leases', 'users'],
  'tracked-boards': ['auth', 'boards', 'db', 'github', 'http', 'iterations', 'move-log', 'users'],
  'personal-boards': ['auth', 'github', 'http', 'installations', 'users'],
  // move-log: a viewer's private forms are made from a snapshot's item columns (`SnapshotItems`).
  visibility: ['github', 'move-log'],
  collector: ['boards', 'db', 'github', 'http', 'installations', 'iterations', 'move-log', 'tracked-boards'],
  webhooks: [
    'auth',
    'boards',
    'collector',
    'db',
    'github',
    'http',
    'installations',
    'iterations',
    'move-log',
    'tracked-boards',
    'users',
  ],
  analytics: ['auth', 'billing', 'db', 'http', 'iterations', 'move-log', 'tracked-boards', 'visibility'],
  sharing: ['analytics', 'auth', 'billing', 'db', 'http', 'tracked-boards'],
  export: ['analytics', 'db', 'http', 'move-log'],
  notifications: [
    'analytics',
    'auth',
    'billing',
    'db',
    'github',
    'http',
    'iterations',
    'leases',
    'tracked-boards',
    'users',
    'visibility',
  ],
  account: [
    'auth',
    'billing',
    'boards',
    'db',
    'github',
    'http',
    'notifications',
    'sharing',
    'tracked-boards',
    'users',
  ],
  health: ['db', 'http'],
  static: ['http'],
  'api-docs': ['http'],
};

/** Folders every layer may use; the diagram leaves their edges out to stay readable. */
const UNDRAWN = new Set(['db', 'http']);

/**
 * ARCHITECTURE.md's Mermaid diagram of FOLDER_EDGES: a folder's edges to db/ and http/ are drawn only when
 * it has no other (the foundations are under everything).
 */
export function folderDiagram(edges: Readonly<Record<string, readonly string[]>> = FOLDER_EDGES): string {
  const lines = Object.entries(edges).flatMap(([from, tos]) => {
    const drawn = tos.filter((to) => !UNDRAWN.has(to));
    const shown = drawn.length > 0 ? drawn : tos;
    return [`  ${from} --> ${shown.join(' & ')}`];
  });
  return ['```mermaid', 'graph BT', ...lines, '```'].join('\n');
}
