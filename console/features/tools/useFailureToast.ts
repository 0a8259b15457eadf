import { useEffect, useRef } from 'react';
import { useToast } from '../../components/ToastProvider.js';

/**
 * Toasts `message` once when a background reload starts failing while data is already on screen
 * (a first load failure is shown in place instead), and takes it away once a reload succeeds. SWR
 * keeps the error set through its retries, so this fires per failure episode, not per retry.
 */
export function useFailureToast(error: unknown, hasData: boolean, message: string, durationMs: number, key: string) {
  const toast = useToast();
  const failing = useRef(false);
  useEffect(() => {
    const now = Boolean(error);
    if (now && !failing.current && hasData) toast.error(message, { durationMs, key });
    if (!now && failing.current) toast.dismiss(key);
    failing.current = now;
  }, [error, hasData, message, durationMs, key, toast]);
}
