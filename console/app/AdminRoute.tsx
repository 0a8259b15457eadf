import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../lib/session/useAuth.js';

/** Admin-only guard: signed out → /login; signed in without admin role → /agents. */
export function AdminRoute() {
  const { status, isAdmin } = useAuth();
  if (status === 'loading') return null;
  if (status !== 'authenticated') return <Navigate to="/login" replace />;
  if (!isAdmin) return <Navigate to="/agents" replace />;
  return <Outlet />;
}
