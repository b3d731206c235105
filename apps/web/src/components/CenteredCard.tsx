import type { ReactNode } from 'react';
import styles from './CenteredCard.module.css';
import { useTabTitle } from './Page.tsx';

type Props = { title: string; lead?: string; icon?: ReactNode; children: ReactNode };

export function CenteredCard({ title, lead, icon, children }: Props) {
  useTabTitle(title);
  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        {icon ?? <img src="/logo.svg" alt="" className={styles.logo} />}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}

export const cardStyles = styles;
