import { appState } from './app/control.ts';
import { type AppInput, ensureApp } from './app/model.ts';
import { Faults } from './http/faults.ts';
import { OAuthState } from './http/oauth-state.ts';
import { buildServer } from './http/server.ts';
import { mintToken } from './model/tokens.ts';
import type { SchemaVariant } from './model/types.ts';
import { loadWorldFile, saveWorldFile } from './model/snapshot.ts';
import { World } from './model/world.ts';
import { refreshDemo } from './seed/refresh-demo.ts';
import { createDemoFlow } from './seed/demo-flow.ts';
import { createDemoMover, type DemoStep } from './seed/demo-movement.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, seedAppDefaults, seedWorld } from './seed/seed-world.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';

export {
  DEMO_COLUMNS,
  DEMO_OWNER,
  DEMO_PROJECT_ID,
  DEMO_PROJECT_NUMBER,
  demoItemId,
  generateDemoBoard,
} from '@fluxion/demo-board';
export type { DemoBoard, DemoItem } from '@fluxion/demo-board';
export { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, SEEDED } from './seed/seed-world.ts';
export { addItem, createContent, editContent, moveItem, setArchived, deleteItem } from './model/items.ts';
export type { FaultInput } from './http/faults.ts';
export { World } from './model/world.ts';
export type { SchemaVariant, WorldOptions } from './model/types.ts';
export { APP_DEFAULTS, APP_PERMISSIONS } from './app/model.ts';
export type { AppInput } from './app/model.ts';

/** The GitHub App's registration as local mode and tests need it (`GET /_sim/app` answers the same). */
export type GithubSimApp = {
  id: number;
  slug: string;
  name: string;
  clientId: string;
  clientSecret: string;
  /** PKCS#1 PEM, as the .pem GitHub lets an App's owner download. */
  privateKey: string;
  publicKey: string;
  permissions: Record<string, string>;
  events: string[];
  webhookUrl: string | null;
  webhookSecret: string;
  setupUrl: string | null;
  callbackUrl: string | null;
  userTokensExpire: boolean;
  /** `<sim url>/apps/<slug>/installations/new`: the browser install flow. */
  installUrl: string;
};

export type GithubSimOptions = {
  /** 0 = a random free port. */
  port?: number;
  host?: string;
  webhookSecret?: string;
  webhookUrls?: string[];
  /** The seeded world (users, orgs, boards, the demo board). Default true. */
  seed?: boolean;
  clock?: 'real' | 'manual';
  /** Start time of a manual clock (epoch ms); default now. */
  startAt?: number;
  /** Keep the demo board living on a timer, at its history's pace (seed/demo-flow.ts). */
  demoMovement?: boolean;
  demoMovementIntervalMs?: number;
  /** The GraphQL schema served (default `extended`, as github.com); also `POST /_sim/schema`. */
  schema?: SchemaVariant;
  /**
   * A file that keeps the world across restarts (users, tokens, boards and their moves): restored at
   * start when it exists (instead of seeding), saved every minute and on close.
   */
  stateFile?: string;
  /** Extra OAuth apps besides `fluxion-local`. */
  oauthApps?: { clientId: string; clientSecret: string; callbackUrl?: string }[];
  /**
   * The GitHub App's registration (defaults: APP_DEFAULTS, a key pair made at first use). `privateKey`
   * gives a PEM to use instead; `webhookUrl`, `setupUrl`, `callbackUrl` also via `POST /_sim/app`.
   */
  githubApp?: AppInput;
  /**
   * GitHub's classic-scope rule (default on, as GitHub): a classic token without `repo` reads private
   * repositories' items as REDACTED. False plays a kinder GitHub, for tests of that rule only. Also
   * `POST /_sim/options`.
   */
  classicScopesEnforced?: boolean;
};

export type GithubSim = {
  url: string;
  world: World;
  faults: Faults;
  webhooks: WebhookDispatcher;
  oauth: OAuthState;
  /** Mints a token for a user (default scopes read:org read:project). */
  createToken(login: string, scopes?: string[]): string;
  /** The GitHub App's registration, its private key included (made on first read). */
  app(): GithubSimApp;
  /** Moves one demo item now, as the demo timer does. */
  demoStep(): DemoStep;
  close(): Promise<void>;
};

const SAVE_EVERY_MS = 60_000;

export async function startGithubSim(options: GithubSimOptions = {}): Promise<GithubSim> {
  const world = new World(options.clock ?? 'real', options.startAt);
  const restored = options.stateFile !== undefined && loadWorldFile(world, options.stateFile);
  if (restored) refreshDemo(world);
  else if (options.seed ?? true) seedWorld(world);
  world.schema = options.schema ?? 'extended';
  const appIsNew = world.app === null;
  ensureApp(world, options.githubApp);
  if (restored || (options.seed ?? true)) seedAppDefaults(world, appIsNew);
  world.options.classicScopesEnforced = options.classicScopesEnforced ?? true;
  const faults = new Faults();
  const webhooks = new WebhookDispatcher(
    world,
    faults,
    options.webhookUrls ?? [],
    options.webhookSecret ?? '',
  );
  const oauth = new OAuthState(world);
  oauth.addApp({ clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET });
  for (const app of options.oauthApps ?? []) oauth.addApp(app);
  const demoStep = createDemoMover(world);
  const app = await buildServer({ world, faults, webhooks, oauth, demoStep });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const tickMs = options.demoMovementIntervalMs ?? 5000;
  const demoFlow = createDemoFlow(world);
  const timer = options.demoMovement ? setInterval(() => demoFlow(tickMs), tickMs) : undefined;
  timer?.unref();
  const save = () => options.stateFile && saveWorldFile(world, options.stateFile);
  const saver = options.stateFile ? setInterval(save, SAVE_EVERY_MS) : undefined;
  saver?.unref();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    world,
    faults,
    webhooks,
    oauth,
    createToken: (login, scopes) => mintToken(world, login, scopes).token,
    app: () => {
      const { installRequests: _requests, ...state } = appState(
        world,
        `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      );
      return state as GithubSimApp;
    },
    demoStep,
    close: async () => {
      clearInterval(timer);
      clearInterval(saver);
      await webhooks.idle();
      await app.close();
      save();
    },
  };
}
