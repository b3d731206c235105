import { SimClock, type ClockMode } from './clock.ts';
import type { RelationEvent } from './hierarchy.ts';
import { nodeId, optionId } from './ids.ts';
import type {
  ItemChange,
  OptionColor,
  SimAccount,
  SimApp,
  SimContent,
  SimInstallation,
  SimInstallationToken,
  SimInstallRequest,
  SimItem,
  SimOrg,
  SimProject,
  SimRefreshToken,
  SimTimelineEvent,
  SimToken,
  SimUser,
  SchemaVariant,
  SingleSelectField,
  WorldOptions,
} from './types.ts';

/**
 * An App-level event for the App's webhook: installation and installation_repositories, or
 * github_app_authorization (a user revoked the App's authorization; GitHub sends it to every App, unasked).
 */
export type AppEvent =
  | InstallationEvent
  | { event: 'github_app_authorization'; action: 'revoked'; sender: string };

export type InstallationEvent = {
  event: 'installation' | 'installation_repositories';
  action: string;
  installation: SimInstallation;
  sender: string;
  /** installation: the repositories it covers; installation_repositories: those added. */
  repositories?: string[];
  removed?: string[];
};

/** What the App's callers did, for tests that prove a client does not mint a token per request. */
export type AppStats = {
  jwtsAccepted: number;
  installationTokensMinted: number;
  installationTokensByInstallation: Record<string, number>;
  userTokensMinted: number;
  userTokensRefreshed: number;
  requests: { classic: number; 'app-user': number; installation: number };
};

export function emptyStats(): AppStats {
  return {
    jwtsAccepted: 0,
    installationTokensMinted: 0,
    installationTokensByInstallation: {},
    userTokensMinted: 0,
    userTokensRefreshed: 0,
    requests: { classic: 0, 'app-user': 0, installation: 0 },
  };
}

export const DEFAULT_COLUMNS = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done'];
const COLORS: OptionColor[] = ['GRAY', 'BLUE', 'YELLOW', 'ORANGE', 'PURPLE', 'GREEN', 'RED', 'PINK'];

export type CreateProjectInput = {
  owner: string;
  title: string;
  columns?: string[];
  /** The workflow field's name (default Status); any other name leaves the board without a Status field. */
  statusField?: string;
  /** Other single-select fields and their options. */
  singleSelectFields?: { name: string; options: string[] }[];
  /** The field the board view groups its columns by (a name among the above; default the workflow field). */
  boardColumnField?: string;
  number?: number;
  public?: boolean;
  nodeId?: string;
  shortDescription?: string;
  at?: number;
};

/** All state of the simulated GitHub. Creation and lookups here; item life cycle in items.ts. */
export class World {
  readonly clock: SimClock;
  readonly users = new Map<string, SimUser>();
  readonly orgs = new Map<string, SimOrg>();
  readonly projects = new Map<string, SimProject>();
  readonly contents = new Map<string, SimContent>();
  readonly items = new Map<string, SimItem>();
  readonly timeline = new Map<string, SimTimelineEvent[]>();
  readonly tokens = new Map<string, SimToken>();
  readonly listeners = new Set<(change: ItemChange) => void>();
  /** The GitHub App (app/model.ts); created by the seed or ensureApp. */
  app: SimApp | null = null;
  readonly installations = new Map<number, SimInstallation>();
  readonly installationTokens = new Map<string, SimInstallationToken>();
  readonly refreshTokens = new Map<string, SimRefreshToken>();
  installRequests: SimInstallRequest[] = [];
  readonly appListeners = new Set<(event: AppEvent) => void>();
  /** Sub-issue and dependency changes (model/hierarchy.ts), for their webhooks. */
  readonly relationListeners = new Set<(event: RelationEvent) => void>();
  options: WorldOptions = { classicScopesEnforced: true };
  stats: AppStats = emptyStats();
  /** Installation ids have their own counter, so installing leaves the node ids of the world alone. */
  nextInstallationId = 52_000_001;
  /** The GraphQL schema this host serves (see SchemaVariant). */
  schema: SchemaVariant = 'extended';
  /**
   * Whether a Status change moves its board's `updatedAt` (items.ts touchProject). GitHub does not
   * document it; off, the simulator plays a host where it does not, for the collector's self-check.
   */
  boardUpdatedAtFollowsMoves = true;
  /**
   * The share of Status changes that write no timeline event (0–1), or `'github'` (the default): as
   * GitHub, every move dated before 24 September 2026 writes one and most after it none
   * (GITHUB_TIMELINE_LOSS). Deterministic: the lost moves are spread evenly (see items.ts).
   */
  timelineEventLoss: number | 'github' = 'github';
  /** The running share of lost events owed (items.ts): makes the loss exact over any run of moves. */
  timelineLossOwed = 0;
  private nextId = 1000;
  private nextPosition = 1;
  private readonly issueNumbers = new Map<string, number>();

  constructor(clockMode: ClockMode = 'real', start?: number) {
    this.clock = new SimClock(clockMode, start);
  }

  now(): number {
    return this.clock.now();
  }

  newDatabaseId(): number {
    this.nextId += 1;
    return this.nextId;
  }

  newPosition(): number {
    this.nextPosition += 1;
    return this.nextPosition;
  }

  account(login: string): SimAccount | undefined {
    return this.users.get(login) ?? this.orgs.get(login);
  }

  createUser(input: { login: string; name?: string; email?: string; approvedClients?: string[] }): SimUser {
    if (this.account(input.login)) throw new Error(`login ${input.login} is taken`);
    const databaseId = this.newDatabaseId();
    const approvals = new Map<string, Set<string>>();
    for (const client of input.approvedClients ?? []) approvals.set(client, new Set(['*']));
    const user: SimUser = {
      kind: 'User',
      login: input.login,
      databaseId,
      nodeId: nodeId('User', databaseId),
      name: input.name ?? input.login,
      email: input.email ?? `${input.login}@users.noreply.github.com`,
      createdAt: this.now(),
      approvals,
    };
    this.users.set(user.login, user);
    return user;
  }

  createOrg(input: {
    login: string;
    name?: string;
    description?: string;
    members?: string[];
    owners?: string[];
  }): SimOrg {
    if (this.account(input.login)) throw new Error(`login ${input.login} is taken`);
    const databaseId = this.newDatabaseId();
    const org: SimOrg = {
      kind: 'Organization',
      login: input.login,
      databaseId,
      nodeId: nodeId('Organization', databaseId),
      name: input.name ?? input.login,
      description: input.description ?? '',
      createdAt: this.now(),
      members: new Set([...(input.members ?? []), ...(input.owners ?? [])]),
      owners: new Set(input.owners ?? []),
    };
    this.orgs.set(org.login, org);
    return org;
  }

  createProject(input: CreateProjectInput): SimProject {
    const ownerAccount = this.account(input.owner);
    if (!ownerAccount) throw new Error(`no account ${input.owner}`);
    const taken = this.projectsOf(input.owner).map((p) => p.number);
    const number = input.number ?? Math.max(0, ...taken) + 1;
    if (taken.includes(number)) throw new Error(`${input.owner} already has project ${number}`);
    const databaseId = this.newDatabaseId();
    const id = input.nodeId ?? nodeId('ProjectV2', databaseId);
    const columns = input.columns ?? DEFAULT_COLUMNS;
    const at = input.at ?? this.now();
    const project: SimProject = {
      nodeId: id,
      databaseId,
      number,
      owner: input.owner,
      ownerType: ownerAccount.kind,
      title: input.title,
      shortDescription: input.shortDescription ?? '',
      public: input.public ?? false,
      closed: false,
      createdAt: at,
      updatedAt: at,
      statusField: this.singleSelectField(id, input.statusField ?? 'Status', columns),
      ...(input.singleSelectFields?.length
        ? {
            otherSingleSelects: input.singleSelectFields.map((f) =>
              this.singleSelectField(id, f.name, f.options),
            ),
          }
        : {}),
      itemIds: [],
    };
    const grouped = [project.statusField, ...(project.otherSingleSelects ?? [])].find(
      (f) => f.name === input.boardColumnField,
    );
    if (input.boardColumnField && !grouped)
      throw new Error(`no single-select field ${input.boardColumnField}`);
    if (grouped) project.boardColumnFieldId = grouped.nodeId;
    this.projects.set(id, project);
    return project;
  }

  private singleSelectField(projectId: string, name: string, options: string[]): SingleSelectField {
    const databaseId = this.newDatabaseId();
    return {
      nodeId: nodeId('ProjectV2SingleSelectField', databaseId),
      databaseId,
      name,
      options: options.map((option, i) => ({
        // The Status field keeps its historical option ids; other fields' ids include the field's.
        id: name === 'Status' ? optionId(projectId, option) : optionId(`${projectId}/${name}`, option),
        name: option,
        color: COLORS[i % COLORS.length] ?? 'GRAY',
        description: '',
      })),
    };
  }

  projectsOf(owner: string): SimProject[] {
    return [...this.projects.values()].filter((p) => p.owner === owner).sort((a, b) => a.number - b.number);
  }

  projectByNumber(owner: string, number: number): SimProject | undefined {
    return this.projectsOf(owner).find((p) => p.number === number);
  }

  canSeeProject(viewer: string, project: SimProject): boolean {
    if (project.public || project.owner === viewer) return true;
    return this.orgs.get(project.owner)?.members.has(viewer) ?? false;
  }

  orgsOf(login: string): SimOrg[] {
    return [...this.orgs.values()].filter((o) => o.members.has(login));
  }

  nextIssueNumber(repo: string): number {
    const next = (this.issueNumbers.get(repo) ?? 0) + 1;
    this.issueNumbers.set(repo, next);
    return next;
  }

  /** An issue created with its own number (seeded history): later ones are numbered after it. */
  noteIssueNumber(repo: string, number: number): void {
    this.issueNumbers.set(repo, Math.max(this.issueNumbers.get(repo) ?? 0, number));
  }

  emit(change: ItemChange): void {
    for (const listener of this.listeners) listener(change);
  }

  emitRelation(event: RelationEvent): void {
    for (const listener of this.relationListeners) listener(event);
  }

  emitApp(event: AppEvent): void {
    for (const listener of this.appListeners) listener(event);
  }
}
