import type { OrgWebhook } from '@fluxion/contract';
import { Button, Flash, FormControl, TextInput } from '@primer/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getOrgWebhook, setOrgWebhookSecret } from '../../api/githubApp.ts';
import { T } from '../../texts.ts';
import styles from './ManageProjects.module.css';

const texts = () => T.projects.orgWebhook;

/** A random secret to paste on GitHub too: 32 hex digits from the browser's cryptographic source. */
function generatedSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * How to set up the board's organization's own webhook on GitHub, and its secret (owners only). Shown to
 * the organization's members; for anyone else (or a user-owned board) the server answers 403 and nothing
 * is shown.
 */
export function OrgWebhookSection({ org }: { org: string }) {
  const hook = useQuery({ queryKey: ['org-webhook', org], queryFn: () => getOrgWebhook(org), retry: false });
  if (!hook.data) return null;
  return <OrgWebhookDetails hook={hook.data} />;
}

function OrgWebhookDetails({ hook }: { hook: OrgWebhook }) {
  const t = texts();
  return (
    <section className={styles.orgWebhook} aria-labelledby="org-webhook-title">
      <h3 id="org-webhook-title" className={styles.fieldLabel}>
        {t.title}
      </h3>
      <p className={styles.muted}>{t.intro(hook.org)}</p>
      <dl className={styles.orgWebhookFacts}>
        <dt>{t.payloadUrl}</dt>
        <dd>
          <code>{hook.payload_url}</code>
        </dd>
        <dt>{t.contentType}</dt>
        <dd>
          <code>{hook.content_type}</code>
        </dd>
        <dt>{t.events}</dt>
        <dd>{t.eventsValue}</dd>
        <dt>{t.secret}</dt>
        <dd>{hook.secret_set ? t.secretSet(hook.set_by, hook.set_at) : t.secretUnset(hook.org)}</dd>
      </dl>
      {hook.can_set ? (
        <SecretForm org={hook.org} />
      ) : (
        <p className={styles.muted}>{t.ownersOnly(hook.org)}</p>
      )}
    </section>
  );
}

function SecretForm({ org }: { org: string }) {
  const t = texts();
  const client = useQueryClient();
  const [secret, setSecret] = useState('');
  const [state, setState] = useState<{ saving: boolean; error: string | null; saved: boolean }>({
    saving: false,
    error: null,
    saved: false,
  });
  const save = async () => {
    setState({ saving: true, error: null, saved: false });
    try {
      const saved = await setOrgWebhookSecret(org, secret);
      client.setQueryData(['org-webhook', org], saved);
      setState({ saving: false, error: null, saved: true });
    } catch (failure) {
      setState({
        saving: false,
        error: failure instanceof Error ? failure.message : String(failure),
        saved: false,
      });
    }
  };
  return (
    <div className={styles.orgWebhookForm}>
      <FormControl>
        <FormControl.Label>{t.newSecret}</FormControl.Label>
        <TextInput
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          block
          monospace
        />
      </FormControl>
      <div className={styles.orgWebhookButtons}>
        <Button onClick={() => setSecret(generatedSecret())}>{t.generate}</Button>
        <Button
          onClick={() => void save()}
          disabled={secret.length === 0 || state.saving}
          loading={state.saving}
        >
          {t.save}
        </Button>
      </div>
      {state.error && (
        <Flash variant="danger" role="alert">
          {state.error}
        </Flash>
      )}
      {state.saved && <Flash variant="success">{t.saved}</Flash>}
    </div>
  );
}
