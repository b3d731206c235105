import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { Layout } from './components/Layout.tsx';
import { Loading } from './components/Loading.tsx';
import { AccountPage } from './pages/Account/AccountPage.tsx';
import { HomePage } from './pages/Home/HomePage.tsx';
import { LoginPage } from './pages/Login/LoginPage.tsx';
import { ManageProjectsPage } from './pages/ManageProjects/ManageProjectsPage.tsx';
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
const FlowPage = lazy(() => import('./pages/Flow/FlowPage.tsx').then((m) => ({ default: m.FlowPage })));

const lazyPage = (page: React.ReactNode) => (
  <ErrorBoundary>
    <Suspense fallback={<Loading text={T.common.loadingDiagram} />}>{page}</Suspense>
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
        <Route element={<RequireAuth />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/lead-time" element={lazyPage(<LeadTimePage />)} />
          <Route path="/time-in-state" element={lazyPage(<TimeInStatePage />)} />
          <Route path="/issues-in-columns" element={lazyPage(<IssuesInColumnsPage />)} />
          <Route path="/flow" element={lazyPage(<FlowPage />)} />
          <Route path="/manage-projects" element={<ManageProjectsPage />} />
          <Route path="/account" element={<AccountPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
