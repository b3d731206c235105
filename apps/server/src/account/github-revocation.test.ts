import { randomBytes } from 'node:crypto';
import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simAppConfig } from '../testing/github-app.ts';
import { signedInUser } from '../testing/users.ts';
import { encryptSecret } from '../users/secret-box.ts';

const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());

/** A user access token of the simulator's GitHub App, as its web flow hands one out (`ghu_`). */
function appUserToken(login: string): string {
  const token = `ghu_${randomBytes(18).toString('hex')}`;
  sim.world.tokens.set(token, { token, login, scopes: [], kind: 'app-user', appId: sim.app().id });
  return token;
}

const githubSays = async (token: string) =>
  (await fetch(`${sim.url}/user`, { headers: { authorization: `Bearer ${token}` } })).status;

/**
 * "Delete my account" revokes the user's authorizations at GitHub (`DELETE /applications/{client_id}/grant`,
 * docs/api.md, Account), against the simulator, which answers a revoked token 401 as GitHub does.
 */
describe.each(await dialectCases())(
  "deleting an account on $name revokes the user's GitHub tokens",
  ({ create }) => {
    it('the sign-in token, its other devices’ tokens and the personal-boards token stop working at GitHub', async () => {
      const database = await create();
      const github = { ...testConfig().github, app: simAppConfig(sim) };
      const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, config: { github } });
      try {
        // Bob has authorized the App (again, after the other database's case).
        sim.world.users.get('octo-bob')?.approvals.set(sim.app().clientId, new Set());
        const signIn = appUserToken('octo-bob');
        const otherDevice = appUserToken('octo-bob');
        const personal = sim.createToken('octo-bob', ['read:project']);
        const key = ctx.config.tokenEncryptionKey;
        const bob = await signedInUser(ctx, 'octo-bob', encryptSecret(signIn, key));
        await ctx.db
          .updateTable('users')
          .set({ github_token_kind: 'github-app', github_personal_token_enc: encryptSecret(personal, key) })
          .where('id', '=', bob.user.id)
          .execute();
        // Alice's token of the same OAuth app is hers: it keeps working.
        const alices = sim.createToken('octo-alice', ['read:project']);
        for (const token of [signIn, otherDevice, personal, alices])
          expect(await githubSays(token)).toBe(200);
        const approved = () => sim.world.users.get('octo-bob')?.approvals.has(sim.app().clientId);
        expect(approved()).toBe(true);

        const deleted = await app.inject({ method: 'DELETE', url: '/api/account/', headers: bob.auth });
        expect(deleted.statusCode).toBe(200);
        for (const token of [signIn, otherDevice, personal]) expect(await githubSays(token)).toBe(401);
        expect(await githubSays(alices)).toBe(200);
        // Fluxion leaves Bob's authorized applications: the next sign-in asks him again.
        expect(approved()).toBe(false);
      } finally {
        await app.close();
        await database.drop();
      }
    });
  },
);
