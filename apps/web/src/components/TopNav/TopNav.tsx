import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../../auth/context.ts';
import { useProjects } from '../../projects/context.ts';
import { T } from '../../frameTexts.ts';
import { AvatarMenu } from './AvatarMenu.tsx';
import { ProjectSelector } from './ProjectSelector.tsx';
import styles from './TopNav.module.css';

const ANALYSES = [
  { to: '/lead-time', label: T.nav.leadTime },
  { to: '/time-in-state', label: T.nav.timeInState },
  { to: '/issues-in-columns', label: T.nav.issuesInColumns },
  { to: '/flow', label: T.nav.flow },
  { to: '/parents', label: T.nav.parents },
  { to: '/iterations', label: T.nav.iterations },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link;

/**
 * On a phone the analyses are one strip that scrolls sideways: the page's own link is scrolled into it,
 * so Iterations, past the edge, is seen when it is the page.
 */
function useActiveLinkInView() {
  const strip = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active link changes with the page's path.
  useEffect(() => {
    const active = strip.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return strip;
}

export function TopNav() {
  const { isAuthenticated, user } = useAuth();
  const strip = useActiveLinkInView();
  // The chosen board and its filter go along from one page to the next.
  const { carry: search = '' } = useProjects();
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand} aria-label={T.nav.home}>
        <img src="/logo.svg" alt="" className={styles.logo} />
        <span>{T.appName}</span>
      </Link>
      {isAuthenticated && (
        <nav ref={strip} className={styles.links} aria-label="Analyses">
          {ANALYSES.map((item) => (
            <NavLink key={item.to} to={{ pathname: item.to, search }} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      )}
      <div className={styles.spacer} />
      {isAuthenticated && <ProjectSelector />}
      {user && <AvatarMenu user={user} />}
    </header>
  );
}
