import { useMemo, useSyncExternalStore } from 'react';
import type { TalkCall } from './TalkCall.js';
import { TALK_TEXTS } from './talkTexts.js';

export interface LevelMeterProps {
  call: TalkCall | null;
}

/** The microphone's live level, so the operator sees the call hears them (a meter, 0–100). */
export function LevelMeter({ call }: LevelMeterProps) {
  const level = useLevel(call);
  const percent = Math.round(level * 100);
  return <meter className="sb-level-meter" aria-label={TALK_TEXTS.level} min={0} max={100} value={percent} />;
}

/** The call's latest level, re-rendering only the meter as it changes. */
function useLevel(call: TalkCall | null): number {
  const store = useMemo(() => {
    let latest = 0;
    return {
      subscribe: (notify: () => void) =>
        call
          ? call.onLevel((level) => {
              latest = level;
              notify();
            })
          : () => undefined,
      read: () => latest,
    };
  }, [call]);
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}
