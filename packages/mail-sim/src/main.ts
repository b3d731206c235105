import { startMailSim } from './index.ts';

/** `npm run sim:mail`: the mail catcher and Slack receiver alone (MAIL_SIM_PORT, SMTP on the next port). */
const port = Number(process.env.MAIL_SIM_PORT ?? 3003);
const sim = await startMailSim({ port, smtpPort: port + 1 });
console.log(`Mail catcher: ${sim.url} (SMTP_URL=${sim.smtpUrl}, SLACK_WEBHOOK_BASE_URL=${sim.slackBase})`);
