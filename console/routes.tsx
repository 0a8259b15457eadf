/**
 * The one map from URL to page (spec part 1 §2 route table, part 2 §2). Later steps plug their
 * pages in by replacing a `NotFoundPage` placeholder below with their feature's page component.
 * Every path except /login sits behind ProtectedRoute and the shared Layout.
 */
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AdminRoute } from './app/AdminRoute.js';
import { Layout } from './app/Layout.js';
import { NotFoundPage } from './app/NotFoundPage.js';
import { ProtectedRoute } from './app/ProtectedRoute.js';
import { RootRedirect } from './app/RootRedirect.js';
import { AdminPage } from './features/admin/AdminPage.js';
import { AgentPage } from './features/agents/AgentPage.js';
import { AgentsPage } from './features/agents/AgentsPage.js';
import { LoginPage } from './features/auth/LoginPage.js';
import { SessionPage } from './features/sessions/SessionPage.js';
import { SessionsPage } from './features/sessions/SessionsPage.js';
import { SettingsPage } from './features/settings/SettingsPage.js';
import { LazyToolPage } from './features/tools/LazyToolPage.js';
import { ToolsPage } from './features/tools/ToolsPage.js';
import { WebchatPage } from './features/webchats/WebchatPage.js';
import { WebchatsPage } from './features/webchats/WebchatsPage.js';

/** /tools/{id}/code is an old address of the tool editor: redirect, replacing history. */
function ToolCodeRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/tools/${encodeURIComponent(id)}`} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route element={<ProtectedRoute />}>
        <Route element={<Layout />}>
          <Route index element={<RootRedirect />} />
          {/* Agents and sessions (step 2): AgentsPage, AgentPage, SessionsPage, SessionPage. */}
          <Route path="agents" element={<AgentsPage />} />
          <Route path="agents/:id" element={<AgentPage />} />
          <Route path="sessions" element={<SessionsPage />} />
          <Route path="sessions/:streamSid" element={<SessionPage />} />
          {/* Web chats and tools (step 3): WebchatsPage, WebchatPage, ToolsPage, ToolPage. */}
          <Route path="webchats" element={<WebchatsPage />} />
          <Route path="webchats/:id" element={<WebchatPage />} />
          <Route path="tools" element={<ToolsPage />} />
          <Route path="tools/new" element={<LazyToolPage />} />
          <Route path="tools/:id" element={<LazyToolPage />} />
          <Route path="tools/:id/code" element={<ToolCodeRedirect />} />
          <Route element={<AdminRoute />}>
            <Route path="admin" element={<AdminPage />} />
          </Route>
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
