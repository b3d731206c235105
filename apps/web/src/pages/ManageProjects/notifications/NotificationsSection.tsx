import type { NotificationSettings, Project } from '@fluxion/contract';
import { Button, Checkbox, Flash, FormControl, Select, TextInput } from '@primer/react';
import { useEffect, useState } from 'react';
import {
  getNotificationSettings,
  resendEmailConfirmation,
  saveNotificationSettings,
  sendTestDigest,
  UnexpectedAnswerError,
} from '../../../api/notifications.ts';
import { formatDateTime, viewerFormat } from '../../../lib/format.ts';
import styles from './Notifications.module.css';
import { NT } from './texts.ts';

type Form = {
  digest: boolean;
  alerts: boolean;
  by_email: boolean;
  by_slack: boolean;
  email: string;
  webhook: string;
};

const formOf = (s: NotificationSettings): Form => ({
  digest: s.digest,
  alerts: s.alerts,
  by_email: s.by_email,
  by_slack: s.by_slack,
  email: s.email ?? '',
  webhook: '',
});

/** What a failed save or test digest says: the server's reason, or that its answer was not understood. */
const failure = (error: unknown): string =>
  error instanceof UnexpectedAnswerError || !(error instanceof Error) ? NT.unexpected : error.message;

/** The board named by `?notifications=` (the digest's settings link), else the first one. */
function initialBoard(projects: Project[]): string {
  const asked = new URLSearchParams(window.location.search).get('notifications');
  return projects.find((p) => p.project_id === asked)?.project_id ?? projects[0]?.project_id ?? '';
}

/** Per board: digest and alerts on or off, by e-mail and/or Slack, how the last ones went, a test digest. */
export function NotificationsSection({ projects }: { projects: Project[] }) {
  const [projectId, setProjectId] = useState(() => initialBoard(projects));
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!projectId) return;
    let live = true;
    setSettings(null);
    setMessage(null);
    getNotificationSettings(projectId)
      .then((s) => {
        if (!live) return;
        setSettings(s);
        setForm(formOf(s));
      })
      .catch(() => live && setMessage({ ok: false, text: NT.loadFailed }));
    return () => {
      live = false;
    };
  }, [projectId]);

  if (projects.length === 0) return null;
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));

  async function save() {
    if (!form) return;
    setBusy(true);
    try {
      const saved = await saveNotificationSettings(projectId, {
        digest: form.digest,
        alerts: form.alerts,
        by_email: form.by_email,
        by_slack: form.by_slack,
        email: form.email.trim() === '' ? null : form.email.trim(),
        ...(form.webhook.trim() ? { slack_webhook_url: form.webhook.trim() } : {}),
        // The e-mails and Slack messages read dates and numbers as this browser does.
        locale: viewerFormat.locale,
      });
      setSettings(saved);
      setForm(formOf(saved));
      setMessage({ ok: true, text: NT.saved });
    } catch (error) {
      setMessage({ ok: false, text: failure(error) });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      setSettings(await resendEmailConfirmation(projectId));
      setMessage({ ok: true, text: NT.resent });
    } catch (error) {
      setMessage({ ok: false, text: failure(error) });
    } finally {
      setBusy(false);
    }
  }

  async function test() {
    setBusy(true);
    try {
      const result = await sendTestDigest(projectId);
      const text = result.results
        .map((r) => `${r.channel === 'email' ? 'E-mail' : 'Slack'}: ${r.message}`)
        .join(' · ');
      setMessage({ ok: result.results.every((r) => r.state === 'sent'), text });
      setSettings(await getNotificationSettings(projectId));
    } catch (error) {
      setMessage({ ok: false, text: failure(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="notifications-heading">
      <h2 id="notifications-heading" className={styles.heading}>
        {NT.title}
      </h2>
      <p className={styles.muted}>{NT.intro}</p>
      <FormControl>
        <FormControl.Label>{NT.board}</FormControl.Label>
        <Select value={projectId} onChange={(e) => setProjectId(e.target.value)}>
          {projects.map((p) => (
            <Select.Option key={p.project_id} value={p.project_id}>
              {p.title}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      {message && (
        <Flash variant={message.ok ? 'success' : 'danger'} role="status" style={{ marginTop: 12 }}>
          {message.text}
        </Flash>
      )}
      {!settings || !form ? (
        !message && <p className={styles.muted}>{NT.loading}</p>
      ) : (
        <>
          {settings.is_demo && <p className={styles.muted}>{NT.demo}</p>}
          {!settings.email_available && <p className={styles.muted}>{NT.noEmail}</p>}
          <div className={styles.fields}>
            <FormControl>
              <Checkbox checked={form.digest} onChange={(e) => set({ digest: e.target.checked })} />
              <FormControl.Label>{NT.digest}</FormControl.Label>
              <FormControl.Caption>{NT.digestHelp(settings.schedule)}</FormControl.Caption>
            </FormControl>
            <FormControl>
              <Checkbox checked={form.alerts} onChange={(e) => set({ alerts: e.target.checked })} />
              <FormControl.Label>{NT.alerts}</FormControl.Label>
              <FormControl.Caption>{NT.alertsHelp}</FormControl.Caption>
            </FormControl>
            <FormControl>
              <Checkbox checked={form.by_email} onChange={(e) => set({ by_email: e.target.checked })} />
              <FormControl.Label>{NT.byEmail}</FormControl.Label>
            </FormControl>
            <FormControl>
              <FormControl.Label>{NT.email}</FormControl.Label>
              <TextInput
                className={styles.input}
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={(e) => set({ email: e.target.value })}
              />
            </FormControl>
            {settings.email_status === 'waiting' && settings.email && (
              <div className={styles.waiting} role="status">
                <span>{NT.waitingForConfirmation(settings.email)}</span>
                <Button size="small" disabled={busy} onClick={() => void resend()}>
                  {NT.resend}
                </Button>
              </div>
            )}
            {!settings.is_demo && (
              <>
                <FormControl>
                  <Checkbox checked={form.by_slack} onChange={(e) => set({ by_slack: e.target.checked })} />
                  <FormControl.Label>{NT.bySlack}</FormControl.Label>
                </FormControl>
                <FormControl disabled={!settings.slack.may_change}>
                  <FormControl.Label>{NT.webhook}</FormControl.Label>
                  <TextInput
                    className={styles.input}
                    value={form.webhook}
                    placeholder="https://hooks.slack.com/services/…"
                    onChange={(e) => set({ webhook: e.target.value })}
                  />
                  <FormControl.Caption>
                    {!settings.slack.may_change
                      ? NT.webhookOwner
                      : settings.slack.hint
                        ? NT.webhookSet(settings.slack.hint)
                        : NT.webhookHelp}
                  </FormControl.Caption>
                </FormControl>
              </>
            )}
          </div>
          <ul className={styles.muted} aria-label="Last notifications">
            {(['digest', 'alerts', 'slack'] as const).map((key) => {
              const status = settings.status[key];
              return status ? (
                <li key={key}>
                  {NT.status[key]}: {status.message} ({formatDateTime(status.at)})
                </li>
              ) : null;
            })}
          </ul>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => void save()} disabled={busy}>
              {NT.save}
            </Button>
            <Button onClick={() => void test()} disabled={busy}>
              {busy ? NT.testing : NT.test}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
