import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { inboxPage, mailPage, slackPage } from './pages.ts';
import { smtpCatcher } from './smtp.ts';
import { type Faults, Inbox } from './store.ts';

export type { CaughtMail, CaughtSlack, Faults } from './store.ts';
export { Inbox } from './store.ts';

export type MailSimOptions = {
  /** HTTP port of the page, the control routes and the Slack receiver (0: a random free port). */
  port?: number;
  /** SMTP port (0: a random free port). */
  smtpPort?: number;
  host?: string;
};

export type MailSim = {
  /** The page and control routes. */
  url: string;
  /** Where to send mail: smtp://host:port. */
  smtpUrl: string;
  /** Slack webhook URLs under this base are received (SLACK_WEBHOOK_BASE_URL). */
  slackBase: string;
  inbox: Inbox;
  close(): Promise<void>;
};

/**
 * A mail catcher (SMTP, every message accepted and kept in memory) and a Slack incoming-webhook receiver,
 * with a page listing what arrived: local mode and tests send their e-mails and Slack messages here.
 * Faults can be injected (`POST /_sim/faults`) to refuse the next deliveries.
 */
export async function startMailSim(options: MailSimOptions = {}): Promise<MailSim> {
  const host = options.host ?? '127.0.0.1';
  const inbox = new Inbox();
  const smtp = smtpCatcher(inbox);
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(inboxPage(inbox.mails, inbox.slack)),
  );
  // Browsers ask for it on every page: no icon, and no error in the console.
  app.get('/favicon.ico', (_request, reply) => reply.status(204).send());
  app.get<{ Params: { id: string } }>('/messages/:id', (request, reply) => {
    const mail = inbox.mails.find((m) => String(m.id) === request.params.id);
    if (!mail) return reply.status(404).send('No such message');
    return reply.type('text/html; charset=utf-8').send(mailPage(mail));
  });
  app.get<{ Params: { id: string } }>('/slack/:id', (request, reply) => {
    const message = inbox.slack.find((m) => String(m.id) === request.params.id);
    if (!message) return reply.status(404).send('No such message');
    return reply.type('text/html; charset=utf-8').send(slackPage(message));
  });
  app.post<{ Params: { '*': string }; Body: { text?: string; blocks?: unknown[] } }>(
    '/slack/services/*',
    async (request, reply) => {
      const fault = inbox.take('slack');
      if (fault) {
        if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        return reply.status(fault.status).type('text/plain').send('service_unavailable');
      }
      if (!request.body || (typeof request.body.text !== 'string' && !Array.isArray(request.body.blocks)))
        return reply.status(400).type('text/plain').send('no_text');
      inbox.addSlack(request.params['*'], request.body);
      // Slack answers a good post with the text "ok".
      return reply.type('text/plain').send('ok');
    },
  );
  app.get('/_sim/messages', () => inbox.mails);
  app.get('/_sim/slack', () => inbox.slack);
  app.post('/_sim/reset', () => {
    inbox.reset();
    return { ok: true };
  });
  app.post<{ Body: Partial<Faults> }>('/_sim/faults', (request) => {
    inbox.faults = {
      smtp: request.body?.smtp ?? null,
      slack: request.body?.slack ?? null,
      hold: request.body?.hold ?? null,
    };
    return inbox.faults;
  });
  await app.listen({ port: options.port ?? 0, host });
  const port = (app.server.address() as AddressInfo).port;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  return {
    url,
    smtpUrl: `smtp://${host === '0.0.0.0' ? '127.0.0.1' : host}:${smtpPort}`,
    slackBase: `${url}/slack/services/`,
    inbox,
    close: async () => {
      await app.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
