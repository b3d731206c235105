import { Button, Flash, Label } from '@primer/react';
import { filterSummary } from '../../../lib/filterSummary.ts';
import { formatDate } from '../../../lib/format.ts';
import { T } from '../../../texts.ts';
import styles from '../ManageProjects.module.css';
import { useShareLinks } from './useShareLinks.ts';

const STATUS_VARIANT = { active: 'success', expired: 'secondary', revoked: 'danger' } as const;

/** The links this user made, each with its state and, while active, a Revoke button. */
export function ShareLinksList() {
  const { list, revoke } = useShareLinks();
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
                  {T.share.linkMeta(
                    link.filters.days,
                    formatDate(link.created_at),
                    formatDate(link.expires_at),
                  )}
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
                    onClick={() => revoke.mutate(link.id)}
                  >
                    {T.share.revoke}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
