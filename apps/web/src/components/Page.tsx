import type { ReactNode } from 'react';
import styles from './Page.module.css';

type PageProps = { title: string; subtitle?: string; actions?: ReactNode; children: ReactNode };

export function Page({ title, subtitle, actions, children }: PageProps) {
  return (
    <>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={className ? `${styles.card} ${className}` : styles.card}>{children}</section>;
}

export function Section({ children }: { children: ReactNode }) {
  return <div className={styles.section}>{children}</div>;
}
