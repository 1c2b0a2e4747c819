import { QueryClientProvider } from '@tanstack/react-query';
import { Provider, useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter, HashRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { AccountPage } from './account/AccountPage';
import { InvitationPage } from './account/InvitationPage';
import { AuditPage } from './audit/AuditPage';
import { UnmatchedMailPage } from './conversation/UnmatchedMailPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { ReportsPage } from './reports/ReportsPage';
import { AdminLayout } from './layout/AdminLayout';
import { AdminListPage } from './lists/AdminListPage';
import { LIST_DEFINITIONS } from './lists/list-definitions';
import { RecordDetailPage } from './lists/RecordDetailPage';
import { OutboxPage } from './outbox/OutboxPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SettingsPage } from './pages/SettingsPage';
import { PeoplePage } from './privacy/PeoplePage';
import { AdminServicesContext, useAdminServices, type AdminServices } from './services';
import { LoginPage } from './session/LoginPage';
import { RequireAdmin } from './session/RequireAdmin';
import { sessionAtom } from './session/session';

export const TOAST_DURATION_MS = 3000;

export function AdminApp({ services, history }: { services: AdminServices; history: 'browser' | 'hash' }) {
  const Router = history === 'hash' ? HashRouter : BrowserRouter;
  return (
    <AdminServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <Provider store={services.store}>
          <Router>
            <NavigateOnRequest />
            <SessionGate>
              <AdminRoutes />
            </SessionGate>
          </Router>
          {/* Below the sticky header, so its menu button and title stay usable while a toast shows. */}
          <Toaster
            position="top-center"
            containerStyle={{ top: 'calc(var(--admin-header-height) + 12px)' }}
            toastOptions={{ duration: TOAST_DURATION_MS }}
          />
        </Provider>
      </QueryClientProvider>
    </AdminServicesContext.Provider>
  );
}

/** 'Checking session...' until the single refresh at start has answered. */
function SessionGate({ children }: { children: ReactNode }) {
  const { initialized } = useAtomValue(sessionAtom);
  if (!initialized) {
    return (
      <p className="admin-checking" role="status">
        Checking session...
      </p>
    );
  }
  return children;
}

/** The platform asks to show a route (e.g. a desktop notification was clicked). */
function NavigateOnRequest() {
  const { platform } = useAdminServices();
  const navigate = useNavigate();
  useEffect(() => platform.onNavigateRequest((route) => void navigate(route)), [platform, navigate]);
  return null;
}

function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin/invitation" element={<InvitationPage />} />
      <Route
        path="/admin"
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<DashboardPage />} />
        {LIST_DEFINITIONS.map((definition) => (
          <Route key={definition.name} path={definition.route}>
            <Route index element={<AdminListPage key={definition.name} definition={definition} />} />
            <Route path=":id" element={<RecordDetailPage key={definition.name} definition={definition} />} />
          </Route>
        ))}
        <Route path="reports" element={<ReportsPage />} />
        <Route path="unmatched-mail" element={<UnmatchedMailPage />} />
        <Route path="outbox" element={<OutboxPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="people" element={<PeoplePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}
