import { useEffect, useRef } from 'react';
import { useToast } from '../../components/ToastProvider.js';

/**
 * Toasts `message` once when a background reload starts failing while data is already on screen
 * (a first load failure is shown in place instead). SWR keeps the error set through its retries,
 * so this fires per failure episode, not per retry.
 */
export function useFailureToast(error: unknown, hasData: boolean, message: string, durationMs: number) {
  const toast = useToast();
  const failing = useRef(false);
  useEffect(() => {
    const now = Boolean(error);
    if (now && !failing.current && hasData) toast.error(message, durationMs);
    failing.current = now;
  }, [error, hasData, message, durationMs, toast]);
}
