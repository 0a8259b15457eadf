import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { REALTIME } from '../../shared/defaults.js';
import { useApi } from '../lib/ApiProvider.js';
import { useAuth } from '../lib/session/useAuth.js';
import { useRealtime } from './RealtimeProvider.js';
import { useLeaveGuard } from './UnsavedChangesProvider.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Logout (spec part 1 §4): tell the real-time channel first so the server can drop this
 * connection, give it ~100 ms, call the API, then always clear local auth and go to /login.
 * With unsaved edits on the page it asks first, and does nothing if the user stays.
 */
export function useLogout(): () => Promise<void> {
  const api = useApi();
  const auth = useAuth();
  const realtime = useRealtime();
  const navigate = useNavigate();
  const { confirmLeave, leaveWithoutAsking } = useLeaveGuard();
  return useCallback(async () => {
    if (!(await confirmLeave())) return;
    if (realtime.status === 'open' && realtime.send({ type: 'user.logout', timestamp: Date.now() })) {
      await wait(REALTIME.logoutWaitMs);
    }
    try {
      await api.accounts.logout();
    } catch {
      console.info('Logged out (API call failed but cleared local auth)');
    }
    auth.clearAuth();
    leaveWithoutAsking(() => navigate('/login', { replace: true }));
  }, [api, auth, realtime, navigate, confirmLeave, leaveWithoutAsking]);
}
