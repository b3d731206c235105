import type { Project } from '@fluxion/contract';
import { type ReactNode, useEffect } from 'react';
import { T } from '../texts.ts';
import { BoardAccessNotice } from './BoardAccess/BoardAccessNotice.tsx';
import { historyCounts } from '../lib/history.ts';
import { EstimatedSelect, offersEstimated, useEstimated } from './EstimatedHistory/EstimatedSelect.tsx';
import { BoardSync } from './BoardSync.tsx';
import { LevelOfWorkNote } from './LevelOfWorkNote.tsx';
import styles from './Page.module.css';

type PageProps = {
  title: string;
  subtitle?: string;
  /** The board the page shows: named in the tab's title, its sync state under the subtitle. */
  board?: Project | null;
  /** The page's name in the tab when the heading is long (Home). */
  tab?: string;
  actions?: ReactNode;
  /** An analysis page: its figures may include or leave out the board's estimated steps (`?estimated=`). */
  estimatedChoice?: boolean;
  children: ReactNode;
};

/** The tab's title: the page, the board when there is one, then the product (unless the page names it). */
export function tabTitle(page: string, board?: string | null): string {
  return [page, board, page.includes(T.appName) ? null : T.appName].filter(Boolean).join(' · ');
}

/** Names the page (and board) in the browser tab while the page is shown. */
export function useTabTitle(page: string, board?: string | null): void {
  useEffect(() => {
    document.title = tabTitle(page, board);
  }, [page, board]);
}

export function Page({ title, subtitle, board, tab, actions, estimatedChoice, children }: PageProps) {
  const boardTitle = board?.title ?? null;
  useTabTitle(tab ?? title, boardTitle);
  return (
    <>
      <div className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {board && <BoardSync project={board} />}
          {board && <HistoryQuality board={board} estimatedChoice={estimatedChoice ?? false} />}
          {board && <BoardAccessNotice project={board} />}
          {board && <LevelOfWorkNote project={board} />}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </>
  );
}

/** The board's history quality, and on an analysis page whether its estimated steps count (and the choice). */
function HistoryQuality({ board, estimatedChoice }: { board: Project; estimatedChoice: boolean }) {
  const [option] = useEstimated();
  const counts = historyCounts(board);
  const choice = estimatedChoice && offersEstimated(board, option);
  return (
    <>
      {counts && (
        <p className={styles.subtitle} data-history>
          {counts}
          {choice && `. ${T.projects.estimatedInForce[option]}`}
        </p>
      )}
      {choice && <EstimatedSelect board={board} />}
    </>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={className ? `${styles.card} ${className}` : styles.card}>{children}</section>;
}

export function Section({ children }: { children: ReactNode }) {
  return <div className={styles.section}>{children}</div>;
}
