import { z } from 'zod';
import {
  boardColumnStatsResponseSchema,
  boardStoryQuerySchema,
  boardStoryResponseSchema,
  columnStatsQuerySchema,
  issuesQuerySchema,
  issuesResponseSchema,
  leadTimeQuerySchema,
  leadTimeResponseSchema,
  timeInStateQuerySchema,
  timeInStateResponseSchema,
} from './analytics.ts';
import { logoutRequestSchema, profileSchema, refreshRequestSchema, tokenPairSchema } from './auth.ts';
import {
  addManagerRequestSchema,
  billingPriceSchema,
  cancelSubscriptionResponseSchema,
  checkoutSessionResponseSchema,
  confirmCheckoutRequestSchema,
  invoicesResponseSchema,
  orgPlanSchema,
  orgPlansResponseSchema,
  orgParamsSchema,
  portalSessionResponseSchema,
  reactivateSubscriptionResponseSchema,
} from './billing.ts';
import { filterSuggestionsQuerySchema, filterSuggestionsSchema } from './filter-suggestions.ts';
import { flowQuerySchema, flowResponseSchema, levelOfWorkSchema } from './flow.ts';
import { levelOfWorkQuerySchema, parentsQuerySchema, parentsResponseSchema } from './parents.ts';
import { iterationReportQuerySchema, iterationReportSchema } from './iterations.ts';
import { itemHistoryQuerySchema, itemHistorySchema } from './item-history.ts';
import { itemsExportQuerySchema, movesAuditSchema, movesExportQuerySchema } from './export.ts';
import { overviewQuerySchema, overviewResponseSchema } from './overview.ts';
import {
  availableProjectSchema,
  ownerOptionSchema,
  projectColumnsQuerySchema,
  projectIdParamsSchema,
  projectFieldsSchema,
  projectSchema,
  projectsByOwnerQuerySchema,
  saveProjectRequestSchema,
  workflowFieldRequestSchema,
} from './projects.ts';
import { projectRemovalSchema } from './project-removal.ts';
import { withoutControlCharacters } from './plain-text.ts';
import { type RouteKey, type RouteName, routes } from './routes.ts';
import { notificationEndpoints } from './notifications.ts';
import { accountEndpoints } from './account.ts';
import { orgWebhookSchema, orgWebhookSecretRequestSchema } from './org-webhooks.ts';
import {
  createdShareLinkSchema,
  createShareLinkRequestSchema,
  sharedAnalysesSchema,
  sharedQuerySchema,
  shareLinkIdParamsSchema,
  shareLinkSchema,
} from './sharing.ts';

/** Every error answer of the API. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

/** How a caller proves who it is: a bearer access token, a webhook signature, or nothing. */
export type EndpointAuth = 'bearer' | 'signature' | 'none';

/** Status → body schema; `null` for an answer without a body (204, a redirect). */
export type EndpointResponses = Partial<Record<200 | 201 | 204 | 302 | 503, z.ZodType | null>>;

export type Endpoint = RouteKey & {
  summary: string;
  tag: 'Health' | 'Auth' | 'Projects' | 'GitHub' | 'Analytics' | 'Sharing' | 'Billing' | 'Webhooks' | 'Docs';
  auth: EndpointAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: EndpointResponses;
  /** A per-user or per-address limit answers 429 with Retry-After past it (every 'Auth' route has one). */
  rateLimited?: true;
};

const healthSchema = z.object({ status: z.string() });
const readySchema = z.object({ status: z.string(), database: z.string() });
const signInQuerySchema = z.object({ login: z.string().max(100).optional() });
const oauthCallbackQuerySchema = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    /** GitHub's answer when the user declined (`access_denied`) or the request was refused. */
    error: z.string().max(200).optional(),
  })
  .loose();
const webhookAckSchema = z.object({ status: z.string() }).loose();
/** Where to send a user to install the GitHub App on an organization; null when the server has no App. */
const githubAppInstallUrlSchema = z.object({ install_url: z.url().nullable() });
/**
 * The user's GitHub connections (docs/github.md, "Connect personal boards"): how they signed in, whether
 * their personal boards can be read ('not_needed': the sign-in's own token reads them), and the
 * organizations where the GitHub App is installed and active.
 */
const githubConnectionsSchema = z.object({
  sign_in: z.enum(['github_app', 'oauth_app']),
  personal_boards: z.enum(['connected', 'not_connected', 'not_needed']),
  installed_on: z.array(z.string()),
});
/** Where to send the browser to connect personal boards (GitHub's authorize page of the OAuth app). */
const githubPersonalConnectSchema = z.object({ authorize_url: z.url() });
/** What GitHub adds to the App's setup URL after an install, an update, or a request to an owner. */
const githubAppSetupQuerySchema = z
  .object({
    installation_id: z
      .string()
      .regex(/^\d{1,20}$/, 'must be an installation id')
      .optional(),
    setup_action: z.string().max(40).optional(),
    state: z.string().max(200).optional(),
  })
  .loose();

/** The installation GitHub's redirect to the setup URL named, for the signed-in user to confirm. */
const githubAppConfirmInstallSchema = z.object({
  installation_id: z.string().regex(/^\d{1,20}$/, 'must be an installation id'),
});
/** What came of an install: shown on Manage Projects. */
const githubAppSetupOutcomeSchema = z.object({
  result: z.enum(['installed', 'requested', 'suspended', 'failed']),
  message: z.string(),
});

function endpoint<const N extends RouteName, const E extends Omit<Endpoint, keyof RouteKey>>(
  name: N,
  spec: E,
): (typeof routes)[N] & E {
  return { ...routes[name], ...spec };
}

/** The table with every endpoint's params, query and body refusing control characters (plain-text.ts). */
function withPlainInputs<T extends Record<string, Endpoint>>(table: T): T {
  const plain = <S extends z.ZodType | undefined>(schema: S): S =>
    (schema === undefined ? schema : withoutControlCharacters(schema)) as S;
  const entries = Object.entries(table).map(([name, e]) => {
    const inputs = { params: plain(e.params), query: plain(e.query), body: plain(e.body) };
    const present = Object.fromEntries(Object.entries(inputs).filter(([, schema]) => schema !== undefined));
    return [name, { ...e, ...present }];
  });
  return Object.fromEntries(entries) as T;
}

/** The API, route by route: the server registers from it, the web's client is typed by it, OpenAPI is made of it. */
export const endpoints = withPlainInputs({
  health: endpoint('health', {
    summary: 'Liveness: the process answers',
    tag: 'Health',
    auth: 'none',
    responses: { 200: healthSchema },
  }),
  ready: endpoint('ready', {
    summary: 'Readiness: the database answers (503 while it is away)',
    tag: 'Health',
    auth: 'none',
    responses: { 200: readySchema, 503: readySchema },
  }),
  openApi: endpoint('openApi', {
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'Docs',
    auth: 'none',
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
  apiDocs: endpoint('apiDocs', {
    summary: 'This API as a readable page (HTML)',
    tag: 'Docs',
    auth: 'none',
    responses: { 200: z.string() },
  }),
  signIn: endpoint('signIn', {
    summary: "Starts GitHub's OAuth web flow (redirect)",
    tag: 'Auth',
    auth: 'none',
    query: signInQuerySchema,
    responses: { 302: null },
  }),
  oauthCallback: endpoint('oauthCallback', {
    summary: "GitHub's OAuth callback: checks state, signs in, redirects to the app",
    tag: 'Auth',
    auth: 'none',
    query: oauthCallbackQuerySchema,
    responses: { 302: null },
  }),
  refreshToken: endpoint('refreshToken', {
    summary: 'A new access token for a refresh token, which is rotated',
    tag: 'Auth',
    auth: 'none',
    body: refreshRequestSchema,
    responses: { 200: tokenPairSchema },
  }),
  tokenHandoff: endpoint('tokenHandoff', {
    summary:
      'The token pair of the sign-in the OAuth callback just made in this browser (its one-time HttpOnly cookie)',
    tag: 'Auth',
    auth: 'none',
    responses: { 200: tokenPairSchema },
  }),
  logout: endpoint('logout', {
    summary: 'Ends the sign-in: its refresh tokens are revoked',
    tag: 'Auth',
    auth: 'none',
    body: logoutRequestSchema,
    responses: { 204: null },
  }),
  me: endpoint('me', {
    summary: "The signed-in user's profile and subscription",
    tag: 'Auth',
    auth: 'bearer',
    responses: { 200: profileSchema },
  }),
  listProjects: endpoint('listProjects', {
    summary: "The user's tracked boards (and the demo)",
    tag: 'Projects',
    auth: 'bearer',
    responses: { 200: z.array(projectSchema) },
  }),
  saveProject: endpoint('saveProject', {
    summary: 'Adds a board (201) or updates its settings (200)',
    tag: 'Projects',
    auth: 'bearer',
    body: saveProjectRequestSchema,
    responses: { 200: projectSchema, 201: projectSchema },
  }),
  demoProject: endpoint('demoProject', {
    summary: 'The shared demo board, even when the user removed it',
    tag: 'Projects',
    auth: 'bearer',
    responses: { 200: projectSchema },
  }),
  getProject: endpoint('getProject', {
    summary: 'One tracked board',
    tag: 'Projects',
    auth: 'bearer',
    params: projectIdParamsSchema,
    responses: { 200: projectSchema },
  }),
  changeWorkflowField: endpoint('changeWorkflowField', {
    summary:
      "Changes a tracked board's workflow field: its recorded history is deleted and imported again for the new field",
    tag: 'Projects',
    auth: 'bearer',
    params: projectIdParamsSchema,
    body: workflowFieldRequestSchema,
    responses: { 200: projectSchema },
  }),
  deleteProject: endpoint('deleteProject', {
    summary: 'Stops tracking a board for this user',
    tag: 'Projects',
    auth: 'bearer',
    params: projectIdParamsSchema,
    responses: { 204: null },
  }),
  projectRemoval: endpoint('projectRemoval', {
    summary:
      'What deleting the project would do: hide the demo for this user, untrack a board others still track (its history stays), or delete a board no one else tracks with its recorded moves',
    tag: 'Projects',
    auth: 'bearer',
    params: projectIdParamsSchema,
    responses: { 200: projectRemovalSchema },
  }),
  columnStats: endpoint('columnStats', {
    summary: 'Per column: items now in it and how long they have been there',
    tag: 'Analytics',
    auth: 'bearer',
    params: projectIdParamsSchema,
    query: columnStatsQuerySchema,
    responses: { 200: boardColumnStatsResponseSchema },
  }),
  leadTime: endpoint('leadTime', {
    summary: 'Daily lead and cycle time series with metrics and an insight',
    tag: 'Analytics',
    auth: 'bearer',
    query: leadTimeQuerySchema,
    responses: { 200: leadTimeResponseSchema },
  }),
  filterSuggestions: endpoint('filterSuggestions', {
    summary:
      "The labels, milestones, assignees and repositories of the board's items as the caller may see them, most used first: the filter bar's suggestions",
    tag: 'Analytics',
    auth: 'bearer',
    query: filterSuggestionsQuerySchema,
    responses: { 200: filterSuggestionsSchema },
  }),
  timeInState: endpoint('timeInState', {
    summary: 'Daily time in each column with metrics and an insight',
    tag: 'Analytics',
    auth: 'bearer',
    query: timeInStateQuerySchema,
    responses: { 200: timeInStateResponseSchema },
  }),
  issues: endpoint('issues', {
    summary: "The issues in one column, longest-waiting first, with the column's figures",
    tag: 'Analytics',
    auth: 'bearer',
    query: issuesQuerySchema,
    responses: { 200: issuesResponseSchema },
  }),
  flow: endpoint('flow', {
    summary: 'Cumulative flow, throughput, cycle-time percentiles, aging work and forecasts',
    tag: 'Analytics',
    auth: 'bearer',
    query: flowQuerySchema,
    responses: { 200: flowResponseSchema },
  }),
  boardStory: endpoint('boardStory', {
    summary: "The board's commitment point and bottleneck over its iteration, as every page names them",
    tag: 'Analytics',
    auth: 'bearer',
    query: boardStoryQuerySchema,
    responses: { 200: boardStoryResponseSchema },
  }),
  levelOfWork: endpoint('levelOfWork', {
    summary: 'Which items the analyses count on a board with parents and children, in one sentence',
    tag: 'Analytics',
    auth: 'bearer',
    query: levelOfWorkQuerySchema,
    responses: { 200: levelOfWorkSchema },
  }),
  parents: endpoint('parents', {
    summary:
      "The board's parents, most at risk first: children by column, progress, lead time and a forecast of the remaining children",
    tag: 'Analytics',
    auth: 'bearer',
    query: parentsQuerySchema,
    responses: { 200: parentsResponseSchema },
  }),
  itemHistory: endpoint('itemHistory', {
    summary:
      'One item of a board: its moves with their source, time per column, blocked spans and its place against the SLE (404 for an item the caller may not see)',
    tag: 'Analytics',
    auth: 'bearer',
    query: itemHistoryQuerySchema,
    responses: { 200: itemHistorySchema },
  }),
  iterationReport: endpoint('iterationReport', {
    summary: "The current iteration's burn-up with scope change, and committed vs completed for the last six",
    tag: 'Analytics',
    auth: 'bearer',
    query: iterationReportQuerySchema,
    responses: { 200: iterationReportSchema },
  }),
  overview: endpoint('overview', {
    summary: "Every visible board's Flow figures, most urgent first",
    tag: 'Analytics',
    auth: 'bearer',
    query: overviewQuerySchema,
    responses: { 200: overviewResponseSchema },
  }),
  exportItems: endpoint('exportItems', {
    summary: 'Every item of the board now as CSV (text/csv, streamed), as the viewer may see it',
    tag: 'Analytics',
    auth: 'bearer',
    query: itemsExportQuerySchema,
    responses: { 200: z.string() },
  }),
  exportMoves: endpoint('exportMoves', {
    summary:
      "The board's recorded moves, in recording order, with each one's source and when it was received, as CSV (text/csv, streamed)",
    tag: 'Analytics',
    auth: 'bearer',
    query: movesExportQuerySchema,
    responses: { 200: z.string() },
  }),
  exportMovesJson: endpoint('exportMovesJson', {
    summary: 'The same audit log as JSON (streamed), instants in UTC',
    tag: 'Analytics',
    auth: 'bearer',
    query: movesExportQuerySchema,
    responses: { 200: movesAuditSchema },
  }),
  createShareLink: endpoint('createShareLink', {
    summary: "A read-only link to one board's analyses for people without an account (token shown once)",
    tag: 'Sharing',
    auth: 'bearer',
    body: createShareLinkRequestSchema,
    responses: { 201: createdShareLinkSchema },
  }),
  listShareLinks: endpoint('listShareLinks', {
    summary: 'The share links this user made, newest first',
    tag: 'Sharing',
    auth: 'bearer',
    responses: { 200: z.array(shareLinkSchema) },
  }),
  revokeShareLink: endpoint('revokeShareLink', {
    summary: "Revokes one of this user's share links: it is refused from now on",
    tag: 'Sharing',
    auth: 'bearer',
    params: shareLinkIdParamsSchema,
    responses: { 204: null },
  }),
  sharedAnalyses: endpoint('sharedAnalyses', {
    summary: "A share link's board analyses, read-only and without sign-in (410 once revoked or expired)",
    tag: 'Sharing',
    auth: 'none',
    query: sharedQuerySchema,
    responses: { 200: sharedAnalysesSchema },
  }),
  githubOwnerOptions: endpoint('githubOwnerOptions', {
    summary: 'The user and the organizations whose boards they can add (live from GitHub)',
    tag: 'GitHub',
    auth: 'bearer',
    responses: { 200: z.array(ownerOptionSchema) },
  }),
  githubProjectsByOwner: endpoint('githubProjectsByOwner', {
    summary: "An owner's open boards (live from GitHub)",
    tag: 'GitHub',
    auth: 'bearer',
    query: projectsByOwnerQuerySchema,
    responses: { 200: z.array(availableProjectSchema) },
  }),
  githubProjectColumns: endpoint('githubProjectColumns', {
    summary: "A board's columns: the options of its workflow field, or of field_id (live from GitHub)",
    tag: 'GitHub',
    auth: 'bearer',
    query: projectColumnsQuerySchema,
    responses: { 200: z.array(z.string()) },
  }),
  githubProjectFields: endpoint('githubProjectFields', {
    summary: "A board's single-select fields, each with its options, and the default workflow field",
    tag: 'GitHub',
    auth: 'bearer',
    query: projectColumnsQuerySchema,
    responses: { 200: projectFieldsSchema },
  }),
  createCheckoutSession: endpoint('createCheckoutSession', {
    summary: 'A Stripe Checkout session for Fluxion Analytics Pro',
    tag: 'Billing',
    auth: 'bearer',
    responses: { 200: checkoutSessionResponseSchema },
  }),
  confirmCheckoutSession: endpoint('confirmCheckoutSession', {
    summary: "Applies a finished Checkout on the buyer's return (idempotent with Stripe's webhook)",
    tag: 'Billing',
    auth: 'bearer',
    body: confirmCheckoutRequestSchema,
    responses: { 200: profileSchema },
  }),
  createPortalSession: endpoint('createPortalSession', {
    summary: "A Stripe Billing Portal session for the user's payment method",
    tag: 'Billing',
    auth: 'bearer',
    responses: { 200: portalSessionResponseSchema },
  }),
  cancelSubscription: endpoint('cancelSubscription', {
    summary: 'Cancels at the end of the paid period',
    tag: 'Billing',
    auth: 'bearer',
    responses: { 200: cancelSubscriptionResponseSchema },
  }),
  reactivateSubscription: endpoint('reactivateSubscription', {
    summary: 'Undoes a cancellation before the period ends',
    tag: 'Billing',
    auth: 'bearer',
    responses: { 200: reactivateSubscriptionResponseSchema },
  }),
  billingPrice: endpoint('billingPrice', {
    summary:
      "The price of Fluxion Analytics Pro (per month; per seat for a team), from Stripe's Price, cached",
    tag: 'Billing',
    auth: 'none',
    responses: { 200: billingPriceSchema, 503: null },
  }),
  invoices: endpoint('invoices', {
    summary: "The user's past invoices of the personal plan (date, amount, status, Stripe's hosted page)",
    tag: 'Billing',
    auth: 'bearer',
    responses: { 200: invoicesResponseSchema },
  }),
  orgPlans: endpoint('orgPlans', {
    summary:
      "The team plans of the user's organizations: state, seats, managers, whether the user manages each",
    tag: 'Billing',
    auth: 'bearer',
    responses: { 200: orgPlansResponseSchema },
  }),
  orgPlanCheckout: endpoint('orgPlanCheckout', {
    summary: "A Stripe Checkout session for an organization's team plan (managers only: 403 otherwise)",
    tag: 'Billing',
    auth: 'bearer',
    params: orgParamsSchema,
    responses: { 200: checkoutSessionResponseSchema },
  }),
  orgPlanPortal: endpoint('orgPlanPortal', {
    summary: "A Stripe Billing Portal session for the organization's payment method (managers only)",
    tag: 'Billing',
    auth: 'bearer',
    params: orgParamsSchema,
    responses: { 200: portalSessionResponseSchema },
  }),
  orgPlanCancel: endpoint('orgPlanCancel', {
    summary: "Cancels the organization's team plan at the end of the period (managers only)",
    tag: 'Billing',
    auth: 'bearer',
    params: orgParamsSchema,
    responses: { 200: cancelSubscriptionResponseSchema },
  }),
  orgPlanReactivate: endpoint('orgPlanReactivate', {
    summary: "Undoes the cancellation of the organization's team plan (managers only)",
    tag: 'Billing',
    auth: 'bearer',
    params: orgParamsSchema,
    responses: { 200: reactivateSubscriptionResponseSchema },
  }),
  orgPlanInvoices: endpoint('orgPlanInvoices', {
    summary: "The organization's past invoices (managers only)",
    tag: 'Billing',
    auth: 'bearer',
    params: orgParamsSchema,
    responses: { 200: invoicesResponseSchema },
  }),
  orgPlanManagers: endpoint('orgPlanManagers', {
    summary: "Names a billing manager of the organization's plan (its GitHub owners only)",
    tag: 'Billing',
    auth: 'bearer',
    params: orgParamsSchema,
    body: addManagerRequestSchema,
    responses: { 200: orgPlanSchema },
  }),
  githubAppInstallUrl: endpoint('githubAppInstallUrl', {
    summary:
      "GitHub's page that installs the Fluxion GitHub App on an organization (null: no App configured)",
    tag: 'GitHub',
    auth: 'bearer',
    responses: { 200: githubAppInstallUrlSchema },
  }),
  githubConnections: endpoint('githubConnections', {
    summary:
      "The user's GitHub connections: App or OAuth-app sign-in, personal boards connected or not, organizations with the App installed",
    tag: 'GitHub',
    auth: 'bearer',
    responses: { 200: githubConnectionsSchema },
  }),
  githubPersonalConnect: endpoint('githubPersonalConnect', {
    summary:
      "Starts 'Connect personal boards': GitHub's authorize page of the OAuth app (read:project only), to which the browser goes next",
    tag: 'GitHub',
    auth: 'bearer',
    responses: { 200: githubPersonalConnectSchema },
  }),
  githubPersonalCallback: endpoint('githubPersonalCallback', {
    summary:
      "GitHub's callback of 'Connect personal boards': checks state and that the same GitHub user approved, stores the token, redirects to Manage Projects",
    tag: 'GitHub',
    auth: 'none',
    query: oauthCallbackQuerySchema,
    responses: { 302: null },
  }),
  githubPersonalDisconnect: endpoint('githubPersonalDisconnect', {
    summary: "Disconnects personal boards: the OAuth app's token is deleted at GitHub and forgotten",
    tag: 'GitHub',
    auth: 'bearer',
    responses: { 204: null },
  }),
  githubAppSetup: endpoint('githubAppSetup', {
    summary:
      "The GitHub App's setup URL: GitHub returns here after an install (installation_id, setup_action); the browser is sent on to /manage-projects, where the signed-in user confirms it (POST /api/github-app/installations/). Calls GitHub for nothing",
    tag: 'GitHub',
    auth: 'none',
    query: githubAppSetupQuerySchema,
    responses: { 302: null },
  }),
  githubAppConfirmInstall: endpoint('githubAppConfirmInstall', {
    summary:
      "Confirms an install the setup URL named: believed only when GitHub lists it among the user's own installations (GET /user/installations with the user's token), then stored and its boards read with it",
    tag: 'GitHub',
    auth: 'bearer',
    body: githubAppConfirmInstallSchema,
    responses: { 200: githubAppSetupOutcomeSchema },
    rateLimited: true,
  }),
  orgWebhook: endpoint('orgWebhook', {
    summary:
      "An organization's own webhook as its members see it: the payload URL, content type and event to set up on GitHub, whether its secret is set and by whom (never the secret); 403 for anyone GitHub does not call a member",
    tag: 'GitHub',
    auth: 'bearer',
    params: orgParamsSchema,
    responses: { 200: orgWebhookSchema },
  }),
  setOrgWebhookSecret: endpoint('setOrgWebhookSecret', {
    summary:
      "Sets the secret of an organization's own webhook (the value set on GitHub too): only an owner of the organization on GitHub, asked now (403 otherwise). Its deliveries are then checked against it, and speak for that organization only",
    tag: 'GitHub',
    auth: 'bearer',
    params: orgParamsSchema,
    body: orgWebhookSecretRequestSchema,
    responses: { 200: orgWebhookSchema },
    rateLimited: true,
  }),
  githubWebhook: endpoint('githubWebhook', {
    summary:
      "GitHub's deliveries (X-Hub-Signature-256): the GitHub App's (installation, installation_repositories, github_app_authorization, projects_v2_item) under the App's secret only; an organization webhook's projects_v2_item under that organization's own secret, for that organization's boards only (403 naming another's); 5xx when a move could not be stored",
    tag: 'Webhooks',
    auth: 'signature',
    responses: { 200: webhookAckSchema },
  }),
  stripeWebhook: endpoint('stripeWebhook', {
    summary: "Stripe's events (Stripe-Signature), each processed once",
    tag: 'Webhooks',
    auth: 'signature',
    responses: { 200: webhookAckSchema },
  }),
  ...notificationEndpoints,
  ...accountEndpoints,
} satisfies Record<RouteName, Endpoint>);

export type EndpointName = keyof typeof endpoints;

type SuccessStatus<E extends Endpoint> = Extract<keyof E['responses'], 200 | 201>;
/** The body of an endpoint's successful answer. */
export type EndpointResponse<N extends EndpointName> = (typeof endpoints)[N]['responses'][SuccessStatus<
  (typeof endpoints)[N]
>] extends infer S
  ? S extends z.ZodType
    ? z.output<S>
    : undefined
  : never;
/** What a caller sends: path parameters, query and body, as the endpoint declares them. */
export type EndpointInput<N extends EndpointName> = ((typeof endpoints)[N] extends { params: z.ZodType }
  ? { params: z.input<(typeof endpoints)[N]['params']> }
  : { params?: undefined }) &
  ((typeof endpoints)[N] extends { query: z.ZodType }
    ? // A query whose every parameter is optional (a filter only) may be left out.
      Record<string, never> extends z.input<(typeof endpoints)[N]['query']>
      ? { query?: z.input<(typeof endpoints)[N]['query']> }
      : { query: z.input<(typeof endpoints)[N]['query']> }
    : { query?: undefined }) &
  ((typeof endpoints)[N] extends { body: z.ZodType }
    ? { body: z.input<(typeof endpoints)[N]['body']> }
    : { body?: undefined });
