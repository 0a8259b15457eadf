/**
 * Unsaved edits are never lost silently (issue 7, finding 12). Editors report whether they hold
 * edits (useUnsavedChanges); while one does, leaving the page asks first: in-app navigation
 * (links, navigate(), Back and Forward) through the router's navigation guard, closing or
 * reloading the tab through `beforeunload`, and signing out or stopping impersonation through
 * confirmLeave(). Changes of the query alone (the Tools page's tab) pass.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { NavigationGuard } from './createGuardedHistory.js';
import { LazyConfirmDialog, preloadConfirmDialog } from './LazyConfirmDialog.js';
import { UNSAVED_TEXTS } from './unsavedTexts.js';
import { useNavigationGuard } from './useNavigationGuard.js';

interface UnsavedChangesApi {
  /** Marks one editor (by id) as holding unsaved edits, or not. */
  report(source: string, dirty: boolean): void;
  /** True when it is fine to leave: nothing unsaved, or the user chose to leave. */
  confirmLeave(): Promise<boolean>;
  /** Runs `go` (a navigation the app itself decided on) without asking. */
  leaveWithoutAsking(go: () => void): void;
}

const UnsavedChangesContext = createContext<UnsavedChangesApi | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirtySources = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  const bypass = useRef(false);
  const [asking, setAsking] = useState<((leave: boolean) => void) | null>(null);

  const api = useMemo<UnsavedChangesApi>(
    () => ({
      report(source, dirty) {
        if (dirty) dirtySources.current.add(source);
        else dirtySources.current.delete(source);
        setAnyDirty(dirtySources.current.size > 0);
      },
      confirmLeave() {
        if (dirtySources.current.size === 0) return Promise.resolve(true);
        return new Promise<boolean>((resolve) => setAsking(() => resolve));
      },
      leaveWithoutAsking(go) {
        bypass.current = true;
        try {
          go();
        } finally {
          bypass.current = false;
        }
      },
    }),
    [],
  );

  useEffect(() => {
    if (!anyDirty) return undefined;
    // Leaving may now ask: have the dialog at hand.
    preloadConfirmDialog();
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows its prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  // Synchronous unless there is something to lose, so ordinary navigation never waits.
  const guard = useCallback<NavigationGuard>(
    (from, to) => from === to || bypass.current || dirtySources.current.size === 0 || api.confirmLeave(),
    [api],
  );
  useNavigationGuard(guard);
  const answer = (leave: boolean) => {
    asking?.(leave);
    setAsking(null);
  };

  return (
    <UnsavedChangesContext.Provider value={api}>
      {children}
      <LazyConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && answer(false)}
        title={UNSAVED_TEXTS.title}
        description={UNSAVED_TEXTS.description}
        confirmLabel={UNSAVED_TEXTS.leave}
        onConfirm={() => answer(true)}
      />
    </UnsavedChangesContext.Provider>
  );
}

/** Tells the console whether this editor holds unsaved edits; cleared when it unmounts. */
export function useUnsavedChanges(dirty: boolean): void {
  const api = useContext(UnsavedChangesContext);
  const source = useId();
  useEffect(() => {
    api?.report(source, dirty);
    return () => api?.report(source, false);
  }, [api, source, dirty]);
}

/** `confirmLeave()` and `leaveWithoutAsking(go)`; without a provider nothing is ever unsaved. */
export function useLeaveGuard(): Pick<UnsavedChangesApi, 'confirmLeave' | 'leaveWithoutAsking'> {
  const api = useContext(UnsavedChangesContext);
  return api ?? { confirmLeave: () => Promise.resolve(true), leaveWithoutAsking: (go) => go() };
}
