import type { FastifyInstance, FastifyReply } from 'fastify';
import type { World } from '../model/world.ts';
import { install, installationOn, isOwner, mustApp } from './model.ts';

type Query = Record<string, string | undefined>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto">
    <h1>${escapeHtml(title)}</h1>
    ${body}
    <p><small>GitHub simulator: this page stands in for github.com's GitHub App installation pages.</small></p>
  </body>
</html>`;
}

/** Carries `login` and `state` from one step to the next. */
function carried(q: Query, extra: Record<string, string>): string {
  const params = new URLSearchParams(extra);
  if (q.login) params.set('login', q.login);
  if (q.state) params.set('state', q.state);
  return params.toString();
}

/** Back to the App's setup URL (GitHub passes `state` through), or a page saying what happened. */
function toSetup(
  world: World,
  reply: FastifyReply,
  params: Record<string, string | undefined>,
  text: string,
) {
  const app = mustApp(world);
  if (!app.setupUrl) return reply.type('text/html').send(page(app.name, `<p>${escapeHtml(text)}</p>`));
  const url = new URL(app.setupUrl);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return reply.redirect(url.toString(), 302);
}

/**
 * The browser install flow: `/apps/{slug}/installations/new` picks the target (at once when the user
 * belongs to one organization, or `suggested_target_id` names one; else a page of links), and
 * `/apps/{slug}/installations/new/permissions?target_id=` installs without a click — as the simulator's
 * OAuth sign-in — then redirects to the setup URL with `installation_id` and `setup_action=install`. A
 * member who is not an owner makes a request instead (`setup_action=request`, no installation); a target
 * where the App is installed already goes back with `setup_action=update`. `login` picks the user (default
 * the first seeded one), `repositories` (comma-separated names) installs on those only.
 */
export function registerInstallFlow(app: FastifyInstance, world: World): void {
  const userOf = (q: Query) => world.users.get(q.login ?? '') ?? [...world.users.values()][0];

  app.get<{ Params: { slug: string }; Querystring: Query }>(
    '/apps/:slug/installations/new',
    async (req, reply) => {
      const ghApp = mustApp(world);
      if (req.params.slug !== ghApp.slug)
        return reply.code(404).type('text/html').send(page('404', '<p>Not Found</p>'));
      const user = userOf(req.query);
      if (!user) return reply.code(500).send('no users in the simulator');
      const orgs = world.orgsOf(user.login);
      const suggested = orgs.find((o) => String(o.databaseId) === req.query.suggested_target_id);
      const only = orgs.length === 1 ? orgs[0] : undefined;
      const target = suggested ?? only;
      const next = (id: number) =>
        `/apps/${ghApp.slug}/installations/new/permissions?${carried({ ...req.query, login: user.login }, { target_id: String(id) })}`;
      if (target) return reply.redirect(next(target.databaseId), 302);
      const links = orgs
        .map((o) => `<li><a href="${escapeHtml(next(o.databaseId))}">${escapeHtml(o.login)}</a></li>`)
        .join('');
      return reply
        .type('text/html')
        .send(
          page(
            `Install ${ghApp.name}`,
            orgs.length
              ? `<p>Where do you want to install ${escapeHtml(ghApp.name)}?</p><ul>${links}</ul>`
              : `<p>${escapeHtml(user.login)} belongs to no organization: the App reads organization boards only.</p>`,
          ),
        );
    },
  );

  app.get<{ Params: { slug: string }; Querystring: Query }>(
    '/apps/:slug/installations/new/permissions',
    async (req, reply) => {
      const ghApp = mustApp(world);
      const user = userOf(req.query);
      const org = [...world.orgs.values()].find((o) => String(o.databaseId) === req.query.target_id);
      if (req.params.slug !== ghApp.slug || !user || !org || !org.members.has(user.login))
        return reply.code(404).type('text/html').send(page('404', '<p>Not Found</p>'));
      const existing = installationOn(world, org.login);
      if (existing)
        return toSetup(
          world,
          reply,
          { installation_id: String(existing.id), setup_action: 'update', state: req.query.state },
          `${ghApp.name} is already installed on ${org.login}.`,
        );
      if (!isOwner(world, org.login, user.login)) {
        world.installRequests.push({
          id: world.installRequests.length + 1,
          account: org.login,
          requester: user.login,
          at: world.now(),
        });
        return toSetup(
          world,
          reply,
          { setup_action: 'request', state: req.query.state },
          `An owner of ${org.login} has been asked to install ${ghApp.name}.`,
        );
      }
      const repositories = req.query.repositories?.split(',').filter(Boolean);
      const installation = install(world, {
        org: org.login,
        sender: user.login,
        ...(repositories ? { repositorySelection: 'selected' as const, repositories } : {}),
      });
      return toSetup(
        world,
        reply,
        { installation_id: String(installation.id), setup_action: 'install', state: req.query.state },
        `${ghApp.name} is installed on ${org.login}.`,
      );
    },
  );
}
