import { useEffect, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';

/**
 * The current time, re-read every `intervalMs` (spec part 1 §9: durations refresh every 1 s).
 * One interval per table or page, not one per row; `enabled: false` stops it (ended sessions).
 */
export function useNow(enabled = true, intervalMs: number = UI_TIMING.durationTickMs): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [enabled, intervalMs]);
  return now;
}
