import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { Layout } from './components/Layout.tsx';
import { Loading } from './components/Loading.tsx';
import { T } from './frameTexts.ts';

/**
 * Every page loads its code on first visit (docs/performance.md, "First load of the web app"): the
 * analyses carry the chart library, Manage projects and Account Primer's dialogs and forms; the first
 * load keeps only the app's frame (providers, sign-in state, top bar).
 */
const pageLoaders = {
  '/login': () => import('./pages/Login/LoginPage.tsx'),
  '/welcome-login': () => import('./pages/WelcomeLogin/WelcomeLoginPage.tsx'),
  '/payment-success': () => import('./pages/Payment/PaymentSuccessPage.tsx'),
  '/payment-cancelled': () => import('./pages/Payment/PaymentCancelledPage.tsx'),
  '/': () => import('./pages/Home/HomePage.tsx'),
  '/lead-time': () => import('./pages/LeadTime/LeadTimePage.tsx'),
  '/time-in-state': () => import('./pages/TimeInState/TimeInStatePage.tsx'),
  '/issues-in-columns': () => import('./pages/IssuesInColumns/IssuesInColumnsPage.tsx'),
  '/flow': () => import('./pages/Flow/FlowPage.tsx'),
  '/parents': () => import('./pages/Parents/ParentsPage.tsx'),
  '/iterations': () => import('./pages/Iterations/IterationsPage.tsx'),
  '/item': () => import('./pages/Item/ItemPage.tsx'),
  '/manage-projects': () => import('./pages/ManageProjects/ManageProjectsPage.tsx'),
  '/account': () => import('./pages/Account/AccountPage.tsx'),
  // A share link's read-only view: public, no sign-in (docs/api.md, "Sharing").
  '/share': () => import('./pages/Share/SharedViewPage.tsx'),
};

// The page of the address the app opens on starts loading now, alongside the sign-in check, not after it.
if (typeof window !== 'undefined' && Object.hasOwn(pageLoaders, window.location.pathname)) {
  void pageLoaders[window.location.pathname as keyof typeof pageLoaders]().catch(() => {
    // The page's own lazy load reports the failure (ErrorBoundary).
  });
}

const LoginPage = lazy(() => pageLoaders['/login']().then((m) => ({ default: m.LoginPage })));
const WelcomeLoginPage = lazy(() =>
  pageLoaders['/welcome-login']().then((m) => ({ default: m.WelcomeLoginPage })),
);
const PaymentSuccessPage = lazy(() =>
  pageLoaders['/payment-success']().then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentCancelledPage = lazy(() =>
  pageLoaders['/payment-cancelled']().then((m) => ({ default: m.PaymentCancelledPage })),
);
const HomePage = lazy(() => pageLoaders['/']().then((m) => ({ default: m.HomePage })));
const LeadTimePage = lazy(() => pageLoaders['/lead-time']().then((m) => ({ default: m.LeadTimePage })));
const TimeInStatePage = lazy(() =>
  pageLoaders['/time-in-state']().then((m) => ({ default: m.TimeInStatePage })),
);
const IssuesInColumnsPage = lazy(() =>
  pageLoaders['/issues-in-columns']().then((m) => ({ default: m.IssuesInColumnsPage })),
);
const FlowPage = lazy(() => pageLoaders['/flow']().then((m) => ({ default: m.FlowPage })));
const ParentsPage = lazy(() => pageLoaders['/parents']().then((m) => ({ default: m.ParentsPage })));
const IterationsPage = lazy(() => pageLoaders['/iterations']().then((m) => ({ default: m.IterationsPage })));
const ItemPage = lazy(() => pageLoaders['/item']().then((m) => ({ default: m.ItemPage })));
const ManageProjectsPage = lazy(() =>
  pageLoaders['/manage-projects']().then((m) => ({ default: m.ManageProjectsPage })),
);
const AccountPage = lazy(() => pageLoaders['/account']().then((m) => ({ default: m.AccountPage })));
const SharedViewPage = lazy(() => pageLoaders['/share']().then((m) => ({ default: m.SharedViewPage })));

/** A page whose code loads on first visit, showing `loadingText` (the page's own loading text) meanwhile. */
const lazyPage = (page: React.ReactNode, loadingText: string = T.common.loadingDiagram) => (
  <ErrorBoundary>
    <Suspense fallback={<Loading text={loadingText} />}>{page}</Suspense>
  </ErrorBoundary>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/login" element={lazyPage(<LoginPage />, T.common.loadingPage)} />
        <Route path="/welcome-login" element={lazyPage(<WelcomeLoginPage />, T.common.loadingPage)} />
        <Route path="/payment-success" element={lazyPage(<PaymentSuccessPage />, T.payment.activating)} />
        <Route path="/payment-cancelled" element={lazyPage(<PaymentCancelledPage />, T.common.loadingPage)} />
        <Route path="/share" element={lazyPage(<SharedViewPage />, T.share.loading)} />
        <Route element={<RequireAuth />}>
          <Route path="/" element={lazyPage(<HomePage />, T.home.loading)} />
          <Route path="/lead-time" element={lazyPage(<LeadTimePage />)} />
          <Route path="/time-in-state" element={lazyPage(<TimeInStatePage />)} />
          <Route path="/issues-in-columns" element={lazyPage(<IssuesInColumnsPage />)} />
          <Route path="/flow" element={lazyPage(<FlowPage />)} />
          <Route path="/parents" element={lazyPage(<ParentsPage />)} />
          <Route path="/iterations" element={lazyPage(<IterationsPage />)} />
          <Route path="/item" element={lazyPage(<ItemPage />, T.common.loadingPage)} />
          <Route path="/manage-projects" element={lazyPage(<ManageProjectsPage />, T.nav.loadingProjects)} />
          <Route path="/account" element={lazyPage(<AccountPage />, T.auth.loadingUser)} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
