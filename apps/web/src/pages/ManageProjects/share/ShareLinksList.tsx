import type { ShareLink } from '@fluxion/contract';
import { Button, ConfirmationDialog, Flash, Label } from '@primer/react';
import { useState } from 'react';
import { filterSummary } from '../../../lib/filterSummary.ts';
import { formatDate } from '../../../lib/format.ts';
import { T } from '../../../texts.ts';
import styles from '../ManageProjects.module.css';
import { useShareLinks } from './useShareLinks.ts';

const STATUS_VARIANT = { active: 'success', expired: 'secondary', revoked: 'danger' } as const;

/** When the link ends or ended: its expiry while active or expired, the revocation once revoked. */
function endOf(link: ShareLink): string {
  if (link.status === 'revoked') return T.share.revokedOn(formatDate(link.revoked_at));
  const expires = formatDate(link.expires_at);
  return link.status === 'expired' ? T.share.expiredOn(expires) : T.share.expiresOn(expires);
}

/** The links this user made, each with its state and, while active, a Revoke button (confirmed first). */
export function ShareLinksList() {
  const { list, revoke } = useShareLinks();
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const links = list.data ?? [];
  return (
    <section aria-label={T.share.listTitle} data-testid="share-links">
      <h2>{T.share.listTitle}</h2>
      {(list.isError || revoke.isError) && <Flash variant="danger">{T.share.failed}</Flash>}
      {links.length === 0 ? (
        <div className={`${styles.list} ${styles.empty}`}>{T.share.listEmpty}</div>
      ) : (
        <ul className={styles.list}>
          {links.map((link) => (
            <li key={link.id} className={styles.row} data-testid="share-link">
              <div className={styles.info}>
                <div className={styles.title}>
                  {link.project_title}
                  <Label variant={STATUS_VARIANT[link.status]}>{T.share.status[link.status]}</Label>
                </div>
                <div className={styles.meta}>
                  {T.share.linkMeta(link.filters.days, formatDate(link.created_at), endOf(link))}
                  {filterSummary(link.filters)
                    .map((phrase) => ` · ${phrase}`)
                    .join('')}
                </div>
              </div>
              {link.status === 'active' && (
                <div className={styles.actions}>
                  <Button
                    variant="danger"
                    size="small"
                    aria-label={T.share.revokeLabel(link.project_title, formatDate(link.created_at))}
                    disabled={revoke.isPending}
                    onClick={() => setRevoking(link)}
                  >
                    {T.share.revoke}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoking && (
        <ConfirmationDialog
          title={T.share.confirmRevokeTitle}
          confirmButtonContent={T.share.revoke}
          confirmButtonType="danger"
          cancelButtonContent={T.projects.cancel}
          onClose={(gesture) => {
            setRevoking(null);
            if (gesture === 'confirm') revoke.mutate(revoking.id);
          }}
        >
          {T.share.confirmRevoke(revoking.project_title)}
        </ConfirmationDialog>
      )}
    </section>
  );
}
