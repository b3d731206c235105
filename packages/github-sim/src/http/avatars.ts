import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { World } from '../model/world.ts';

/** Where the simulator serves avatars: its own origin, so local mode makes no request to the internet. */
export const AVATAR_PATH = '/avatars/u/';

export function avatarUrl(request: FastifyRequest, databaseId: number): string {
  return `${request.protocol}://${request.host}${AVATAR_PATH}${databaseId}?v=4`;
}

const PALETTE = ['#0969da', '#1a7f37', '#8250df', '#bf3989', '#bc4c00', '#1b7c83'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round avatar with the account's initial, coloured by its id. */
export function avatarSvg(databaseId: number, login: string): string {
  const color = PALETTE[databaseId % PALETTE.length];
  const initial = escapeXml((login[0] ?? '?').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><circle cx="64" cy="64" r="64" fill="${color}"/><text x="64" y="84" font-family="sans-serif" font-size="60" font-weight="600" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
}

/** GET /avatars/u/:id — the avatar of a user or organization of the world (404 for an unknown id). */
export function registerAvatarRoutes(app: FastifyInstance, world: World): void {
  app.get<{ Params: { id: string } }>(`${AVATAR_PATH}:id`, async (request, reply) => {
    const id = Number(request.params.id);
    const account = [...world.users.values(), ...world.orgs.values()].find((a) => a.databaseId === id);
    if (!account) return reply.code(404).send({ message: 'Not Found', status: '404' });
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(avatarSvg(account.databaseId, account.login));
  });
}
