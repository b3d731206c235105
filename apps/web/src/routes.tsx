import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { Layout } from './components/Layout.tsx';
import { Loading } from './components/Loading.tsx';
import { HomePage } from './pages/Home/HomePage.tsx';
import { LoginPage } from './pages/Login/LoginPage.tsx';
import { PaymentCancelledPage } from './pages/Payment/PaymentCancelledPage.tsx';
import { PaymentSuccessPage } from './pages/Payment/PaymentSuccessPage.tsx';
import { WelcomeLoginPage } from './pages/WelcomeLogin/WelcomeLoginPage.tsx';
import { T } from './texts.ts';

// The analysis pages carry the chart library: loaded only when one is opened.
const LeadTimePage = lazy(() =>
  import('./pages/LeadTime/LeadTimePage.tsx').then((m) => ({ default: m.LeadTimePage })),
);
const TimeInStatePage = lazy(() =>
  import('./pages/TimeInState/TimeInStatePage.tsx').then((m) => ({ default: m.TimeInStatePage })),
);
const IssuesInColumnsPage = lazy(() =>
  import('./pages/IssuesInColumns/IssuesInColumnsPage.tsx').then((m) => ({ default: m.IssuesInColumnsPage })),
);
// Managing projects and the account carry Primer's dialogs and forms (about a quarter of the main
// bundle): loaded only when opened.
const ManageProjectsPage = lazy(() =>
  import('./pages/ManageProjects/ManageProjectsPage.tsx').then((m) => ({ default: m.ManageProjectsPage })),
);
const AccountPage = lazy(() =>
  import('./pages/Account/AccountPage.tsx').then((m) => ({ default: m.AccountPage })),
);
const FlowPage = lazy(() => import('./pages/Flow/FlowPage.tsx').then((m) => ({ default: m.FlowPage })));
// A share link's read-only view: public, no sign-in (docs/api.md, "Sharing").
const SharedViewPage = lazy(() =>
  import('./pages/Share/SharedViewPage.tsx').then((m) => ({ default: m.SharedViewPage })),
);

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
        <Route path="/login" element={<LoginPage />} />
        <Route path="/welcome-login" element={<WelcomeLoginPage />} />
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="/payment-cancelled" element={<PaymentCancelledPage />} />
        <Route path="/share" element={lazyPage(<SharedViewPage />, T.share.loading)} />
        <Route element={<RequireAuth />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/lead-time" element={lazyPage(<LeadTimePage />)} />
          <Route path="/time-in-state" element={lazyPage(<TimeInStatePage />)} />
          <Route path="/issues-in-columns" element={lazyPage(<IssuesInColumnsPage />)} />
          <Route path="/flow" element={lazyPage(<FlowPage />)} />
          <Route path="/manage-projects" element={lazyPage(<ManageProjectsPage />, T.nav.loadingProjects)} />
          <Route path="/account" element={lazyPage(<AccountPage />, T.auth.loadingUser)} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
