import { notificationRoutes } from './notification-routes.ts';
import { accountRoutes } from './account-routes.ts';

/**
 * Every route of the API by name: method and path, without zod, so the web app's client can use them.
 * `endpoints.ts` adds the schemas; a server test fails when the app and this table disagree.
 */
export const routes = {
  health: { method: 'GET', path: '/healthz' },
  ready: { method: 'GET', path: '/readyz' },
  openApi: { method: 'GET', path: '/api/openapi.json' },
  apiDocs: { method: 'GET', path: '/api/docs/' },
  signIn: { method: 'GET', path: '/accounts/github/login/' },
  oauthCallback: { method: 'GET', path: '/accounts/github/login/callback/' },
  refreshToken: { method: 'POST', path: '/api/token/refresh/' },
  tokenHandoff: { method: 'POST', path: '/api/token/handoff/' },
  logout: { method: 'POST', path: '/api/logout/' },
  me: { method: 'GET', path: '/api/me/' },
  listProjects: { method: 'GET', path: '/api/projects/', aliases: ['/api/projects'] },
  saveProject: { method: 'POST', path: '/api/projects/' },
  demoProject: { method: 'GET', path: '/api/demo-project/' },
  getProject: { method: 'GET', path: '/api/projects/:id/' },
  deleteProject: { method: 'DELETE', path: '/api/projects/:id/' },
  changeWorkflowField: { method: 'POST', path: '/api/projects/:id/workflow-field/' },
  projectRemoval: { method: 'GET', path: '/api/projects/:id/removal/' },
  columnStats: { method: 'GET', path: '/api/projects/:id/column-stats/' },
  leadTime: { method: 'GET', path: '/api/leadtime/' },
  filterSuggestions: { method: 'GET', path: '/api/filter-suggestions/' },
  timeInState: { method: 'GET', path: '/api/timeinstate/' },
  issues: { method: 'GET', path: '/api/issues/' },
  flow: { method: 'GET', path: '/api/flow/' },
  boardStory: { method: 'GET', path: '/api/story/' },
  iterationReport: { method: 'GET', path: '/api/iterations/' },
  itemHistory: { method: 'GET', path: '/api/item/' },
  levelOfWork: { method: 'GET', path: '/api/level-of-work/' },
  parents: { method: 'GET', path: '/api/parents/' },
  overview: { method: 'GET', path: '/api/overview/' },
  exportItems: { method: 'GET', path: '/api/export/items.csv' },
  exportMoves: { method: 'GET', path: '/api/export/moves.csv' },
  exportMovesJson: { method: 'GET', path: '/api/export/moves.json' },
  createShareLink: { method: 'POST', path: '/api/share-links/' },
  listShareLinks: { method: 'GET', path: '/api/share-links/' },
  revokeShareLink: { method: 'DELETE', path: '/api/share-links/:id/' },
  sharedAnalyses: { method: 'GET', path: '/api/shared/' },
  githubOwnerOptions: { method: 'GET', path: '/api/github-owner-options/' },
  githubProjectsByOwner: { method: 'GET', path: '/api/github-projects-by-owner/' },
  githubProjectColumns: { method: 'GET', path: '/api/github-project-columns/' },
  githubProjectFields: { method: 'GET', path: '/api/github-project-fields/' },
  githubAppInstallUrl: { method: 'GET', path: '/api/github-app/install-url/' },
  githubAppSetup: { method: 'GET', path: '/accounts/github/app/setup/' },
  githubAppConfirmInstall: { method: 'POST', path: '/api/github-app/installations/' },
  githubConnections: { method: 'GET', path: '/api/github/connections/' },
  githubPersonalConnect: { method: 'POST', path: '/api/github/personal-connection/' },
  githubPersonalDisconnect: { method: 'DELETE', path: '/api/github/personal-connection/' },
  githubPersonalCallback: { method: 'GET', path: '/accounts/github/login/callback/personal/' },
  createCheckoutSession: { method: 'POST', path: '/api/create-checkout-session/' },
  confirmCheckoutSession: { method: 'POST', path: '/api/confirm-checkout-session/' },
  createPortalSession: { method: 'POST', path: '/api/create-portal-session/' },
  cancelSubscription: { method: 'POST', path: '/api/cancel-subscription/' },
  reactivateSubscription: { method: 'POST', path: '/api/reactivate-subscription/' },
  billingPrice: { method: 'GET', path: '/api/billing/price/' },
  invoices: { method: 'GET', path: '/api/billing/invoices/' },
  orgPlans: { method: 'GET', path: '/api/org-plans/' },
  orgPlanCheckout: { method: 'POST', path: '/api/org-plans/:org/checkout/' },
  orgPlanPortal: { method: 'POST', path: '/api/org-plans/:org/portal/' },
  orgPlanCancel: { method: 'POST', path: '/api/org-plans/:org/cancel/' },
  orgPlanReactivate: { method: 'POST', path: '/api/org-plans/:org/reactivate/' },
  orgPlanInvoices: { method: 'GET', path: '/api/org-plans/:org/invoices/' },
  orgPlanManagers: { method: 'POST', path: '/api/org-plans/:org/managers/' },
  orgWebhook: { method: 'GET', path: '/api/org-webhooks/:org/' },
  setOrgWebhookSecret: { method: 'POST', path: '/api/org-webhooks/:org/secret/' },
  githubWebhook: { method: 'POST', path: '/webhooks/github' },
  stripeWebhook: { method: 'POST', path: '/webhooks/stripe' },
  ...notificationRoutes,
  ...accountRoutes,
} as const satisfies Record<string, RouteKey>;

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type RouteKey = { method: HttpMethod; path: string; aliases?: readonly string[] };
export type RouteName = keyof typeof routes;

/** A path with its `:name` parameters filled in (encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} is missing for ${path}`);
    return encodeURIComponent(value);
  });
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** The one way to write a query string: empty, null and undefined values are left out; a list repeats its parameter (`label=bug&label=ux`). */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) {
      if (one !== null && one !== undefined && one !== '') search.append(key, String(one));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
