import { createContext, type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { Router } from 'react-router-dom';
import type { GuardedHistory } from './createGuardedHistory.js';

/** The history of the enclosing GuardedRouter, for useNavigationGuard; null outside one. */
export const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

export interface GuardedRouterProps {
  /** A browser history in the app, a memory history in tests. */
  history: GuardedHistory;
  /** Path the console is served under, e.g. `/console`. */
  basename?: string;
  children: ReactNode;
}

/**
 * React Router's <BrowserRouter> over a history whose navigations a guard can hold
 * (createGuardedHistory). Location updates go through startTransition, as in <BrowserRouter>, so
 * a page still loading its chunk keeps the previous one on screen meanwhile.
 */
export function GuardedRouter({ history, basename, children }: GuardedRouterProps) {
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <GuardedHistoryContext.Provider value={history}>
      <Router basename={basename} location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </GuardedHistoryContext.Provider>
  );
}
