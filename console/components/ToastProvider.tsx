import { Callout, Flex, IconButton, Link } from '@radix-ui/themes';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { UI_TIMING } from '../../shared/defaults.js';
import { CloseIcon } from './icons.js';

export type ToastTone = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  tone?: ToastTone;
  /** Auto-hide delay; default 6 s (spec part 1 §9). Pass UI_TIMING.shortToastMs for 4 s. */
  durationMs?: number;
  /**
   * What the toast is about ('tool-save'). A new toast with the same key replaces the old one, so
   * a success after a failed try takes the stale red toast away (issue 7, finding 13).
   */
  key?: string;
  /** A link in the toast, e.g. to what was just started ('View session'). */
  link?: ToastLink;
}

export interface ToastLink {
  label: string;
  /** An in-app path. */
  to: string;
}

/** A duration in ms, or the options other than the tone. */
export type ToneToastOptions = number | Omit<ToastOptions, 'tone'>;

export interface ToastApi {
  show(message: string, options?: ToastOptions): void;
  success(message: string, options?: ToneToastOptions): void;
  error(message: string, options?: ToneToastOptions): void;
  /** Removes the toast shown under `key`, if any. */
  dismiss(key: string): void;
}

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
  key: string | undefined;
  link: ToastLink | undefined;
}

function withTone(tone: ToastTone, options: ToneToastOptions | undefined): ToastOptions {
  return typeof options === 'number' ? { tone, durationMs: options } : { ...options, tone };
}

const TONE_COLOR = { success: 'green', error: 'red', warning: 'amber', info: 'blue' } as const;

const ToastContext = createContext<ToastApi | null>(null);

function Toast({ item, onClose }: { item: ToastItem; onClose: (id: number) => void }) {
  // A toast with a link stays while the pointer or the focus is on it, so it can be reached.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return undefined;
    const timer = setTimeout(() => onClose(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [item, onClose, held]);
  const hold = item.link
    ? {
        onMouseEnter: () => setHeld(true),
        onMouseLeave: () => setHeld(false),
        onFocus: () => setHeld(true),
        onBlur: () => setHeld(false),
      }
    : {};
  return (
    <Callout.Root
      color={TONE_COLOR[item.tone]}
      variant="surface"
      role={item.tone === 'error' ? 'alert' : 'status'}
      className="sb-toast"
      {...hold}
    >
      <Flex align="center" gap="3" justify="between">
        <Callout.Text>
          {item.message}
          {item.link ? (
            <>
              {' '}
              <Link asChild weight="medium">
                <RouterLink to={item.link.to} onClick={() => onClose(item.id)}>
                  {item.link.label}
                </RouterLink>
              </Link>
            </>
          ) : null}
        </Callout.Text>
        <IconButton
          size="1"
          variant="ghost"
          color="gray"
          aria-label="Dismiss notification"
          onClick={() => onClose(item.id)}
        >
          <CloseIcon />
        </IconButton>
      </Flex>
    </Callout.Root>
  );
}

/** Notifications at the bottom center of the page (spec part 1 §2 agent detail, part 2 §4). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const close = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, options: ToastOptions = {}) => {
      const item: ToastItem = {
        id: nextId.current++,
        message,
        tone: options.tone ?? 'info',
        durationMs: options.durationMs ?? UI_TIMING.toastMs,
        key: options.key,
        link: options.link,
      };
      setItems((list) => [...list.filter((t) => item.key === undefined || t.key !== item.key), item]);
    };
    return {
      show,
      success: (message, options) => show(message, withTone('success', options)),
      error: (message, options) => show(message, withTone('error', options)),
      dismiss: (key) => setItems((list) => list.filter((t) => t.key !== key)),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="sb-toast-region" aria-live="polite">
        {items.map((item) => (
          <Toast key={item.id} item={item} onClose={close} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `toast.success(text)`, `toast.error(text, {key})`, `toast.show(text, {tone, durationMs, key})`, `toast.dismiss(key)`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
