/**
 * The console's router history with a guard in front of every navigation (issue 7 finding 12:
 * unsaved edits are never lost silently). The console uses a plain <Router> rather than a data
 * router: the data router and its useBlocker cost about 16 KiB gzip on every page (issue 12). All
 * in-app navigation passes through here, whether a link was clicked, code called navigate() or a
 * <Navigate> redirected, so one guard covers them all: push and replace wait for the guard's
 * answer; Back and Forward have already moved the address bar when they arrive, so a held one is
 * undone with history.go(-delta) and redone with history.go(delta) if the user chooses to leave.
 */
import { type Location, parsePath, type To, type UNSAFE_createBrowserHistory } from 'react-router-dom';

/** React Router's browser or memory history (their types are the same). */
export type RouterHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

type HistoryListener = Parameters<RouterHistory['listen']>[0];

/**
 * Decides on a navigation between two full paths (basename included): true to go now, false to
 * stay, or a promise of either while the user is asked.
 */
export type NavigationGuard = (fromPathname: string, toPathname: string) => boolean | Promise<boolean>;

export interface GuardedHistory extends RouterHistory {
  /** Puts `guard` in front of navigations until the returned function is called. */
  setGuard(guard: NavigationGuard): () => void;
}

export function createGuardedHistory(history: RouterHistory): GuardedHistory {
  let guard: NavigationGuard | null = null;
  // The location the router shows: during Back/Forward, history.location is already the next one.
  let shown: Location = history.location;
  // Set while our own go() moves the address bar: back to where the page is ('undo'), or on to
  // where the user chose to go after all ('redo').
  let pending: 'undo' | 'redo' | null = null;

  const pathnameOf = (to: To) => (typeof to === 'string' ? parsePath(to) : to).pathname ?? shown.pathname;

  const guarded = (to: To, go: () => void) => {
    const verdict = guard ? guard(shown.pathname, pathnameOf(to)) : true;
    if (verdict === true) go();
    else if (verdict !== false) void verdict.then((leave) => leave && go());
  };

  const listen = (listener: HistoryListener) =>
    history.listen((update) => {
      const pass = () => {
        shown = update.location;
        listener(update);
      };
      const { action, delta } = update;
      if (action === 'POP' && pending !== null) {
        const ours = pending;
        pending = null;
        if (ours === 'redo') pass();
        return;
      }
      // A delta of null: an entry from before this history existed, so nothing to undo by.
      if (action !== 'POP' || !guard || delta === null || delta === 0) {
        pass();
        return;
      }
      const verdict = guard(shown.pathname, update.location.pathname);
      if (verdict === true) {
        pass();
        return;
      }
      pending = 'undo';
      history.go(-delta);
      if (verdict === false) return;
      void verdict.then((leave) => {
        if (!leave) return;
        pending = 'redo';
        history.go(delta);
      });
    });

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: history.createHref,
    createURL: history.createURL,
    encodeLocation: history.encodeLocation,
    go: history.go,
    push: (to, state) => guarded(to, () => history.push(to, state)),
    replace: (to, state) => guarded(to, () => history.replace(to, state)),
    listen,
    setGuard(next) {
      guard = next;
      return () => {
        if (guard === next) guard = null;
      };
    },
  };
}
