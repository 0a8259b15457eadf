/**
 * The one map from URL to page (spec part 1 §2 route table, part 2 §2). Every path except /login
 * sits behind ProtectedRoute and the shared Layout.
 *
 * Every page except sign-in is its own chunk (issue 12: showing /agents downloads the agents page,
 * not the whole console). The shell (guards, Layout, providers), the sign-in page and the tiny
 * NotFoundPage stay in the entry. The tool editor's route is LazyToolPage, which already fetches
 * the editor and CodeMirror on first visit.
 */
import { matchPath, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AdminRoute } from './app/AdminRoute.js';
import { Layout } from './app/Layout.js';
import { lazyComponent } from './app/lazyComponent.js';
import { NotFoundPage } from './app/NotFoundPage.js';
import { ProtectedRoute } from './app/ProtectedRoute.js';
import { RootRedirect } from './app/RootRedirect.js';
import { usePreloadWhenIdle } from './app/usePreloadWhenIdle.js';
import { LoginPage } from './features/auth/LoginPage.js';
import { LazyToolPage } from './features/tools/LazyToolPage.js';

const Agents = lazyComponent(() => import('./features/agents/AgentsPage.js').then((m) => m.AgentsPage));
const Agent = lazyComponent(() => import('./features/agents/AgentPage.js').then((m) => m.AgentPage));
const Sessions = lazyComponent(() => import('./features/sessions/SessionsPage.js').then((m) => m.SessionsPage));
const Session = lazyComponent(() => import('./features/sessions/SessionPage.js').then((m) => m.SessionPage));
const Webchats = lazyComponent(() => import('./features/webchats/WebchatsPage.js').then((m) => m.WebchatsPage));
const Webchat = lazyComponent(() => import('./features/webchats/WebchatPage.js').then((m) => m.WebchatPage));
const Tools = lazyComponent(() => import('./features/tools/ToolsPage.js').then((m) => m.ToolsPage));
const Admin = lazyComponent(() => import('./features/admin/AdminPage.js').then((m) => m.AdminPage));
const Prices = lazyComponent(() => import('./features/admin/prices/PricesPage.js').then((m) => m.PricesPage));
const Analytics = lazyComponent(() => import('./features/analytics/AnalyticsPage.js').then((m) => m.AnalyticsPage));
const Integrations = lazyComponent(() =>
  import('./features/integrations/IntegrationsPage.js').then((m) => m.IntegrationsPage),
);
const Settings = lazyComponent(() => import('./features/settings/SettingsPage.js').then((m) => m.SettingsPage));

/** What fetches the page each link target opens, called while the pointer or focus is on the link. */
const PAGE_PATHS: [pattern: string, preload: () => void][] = [
  ['/agents', Agents.preload],
  ['/agents/:id', Agent.preload],
  ['/sessions', Sessions.preload],
  ['/sessions/:streamSid', Session.preload],
  ['/webchats', Webchats.preload],
  ['/webchats/:id', Webchat.preload],
  ['/tools', Tools.preload],
  ['/analytics', Analytics.preload],
  ['/integrations', Integrations.preload],
  ['/admin', Admin.preload],
  ['/admin/prices', Prices.preload],
  ['/settings', Settings.preload],
];

function preloadPageOf(pathname: string): void {
  PAGE_PATHS.find(([pattern]) => matchPath(pattern, pathname))?.[1]();
}

/** Sign-in, which fetches the agents page once it has shown: most users land there next. */
function SignIn() {
  usePreloadWhenIdle(Agents.preload);
  return <LoginPage />;
}

/** /tools/{id}/code is an old address of the tool editor: redirect, replacing history. */
function ToolCodeRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/tools/${encodeURIComponent(id)}`} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<SignIn />} />
      <Route element={<ProtectedRoute />}>
        <Route element={<Layout preload={preloadPageOf} />}>
          <Route index element={<RootRedirect />} />
          <Route path="agents" element={<Agents.Component />} />
          <Route path="agents/:id" element={<Agent.Component />} />
          <Route path="sessions" element={<Sessions.Component />} />
          <Route path="sessions/:streamSid" element={<Session.Component />} />
          <Route path="webchats" element={<Webchats.Component />} />
          <Route path="webchats/:id" element={<Webchat.Component />} />
          <Route path="tools" element={<Tools.Component />} />
          <Route path="tools/new" element={<LazyToolPage />} />
          <Route path="tools/:id" element={<LazyToolPage />} />
          <Route path="tools/:id/code" element={<ToolCodeRedirect />} />
          <Route path="analytics" element={<Analytics.Component />} />
          <Route path="integrations" element={<Integrations.Component />} />
          <Route element={<AdminRoute />}>
            <Route path="admin" element={<Admin.Component />} />
            <Route path="admin/prices" element={<Prices.Component />} />
          </Route>
          <Route path="settings" element={<Settings.Component />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
