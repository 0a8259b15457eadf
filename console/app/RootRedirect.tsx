import { Navigate } from 'react-router-dom';
import { useAuth } from '../lib/session/useAuth.js';

/** `/`: admins and superadmins land on /admin, everyone else on /agents (spec part 1 §6). */
export function RootRedirect() {
  const { isAdmin } = useAuth();
  return <Navigate to={isAdmin ? '/admin' : '/agents'} replace />;
}
