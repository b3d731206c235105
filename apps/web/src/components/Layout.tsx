import { Outlet } from 'react-router';
import styles from './Layout.module.css';
import { TopNav } from './TopNav/TopNav.tsx';

export function Layout() {
  return (
    <div className={styles.app}>
      <TopNav />
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
