import { useContext, useEffect } from 'react';
import type { NavigationGuard } from './createGuardedHistory.js';
import { GuardedHistoryContext } from './GuardedRouter.js';

/**
 * Puts `guard` in front of every in-app navigation while the calling component is mounted (keep
 * it stable). Outside a GuardedRouter (tests with a plain MemoryRouter) nothing is guarded.
 */
export function useNavigationGuard(guard: NavigationGuard): void {
  const history = useContext(GuardedHistoryContext);
  useEffect(() => history?.setGuard(guard), [history, guard]);
}
