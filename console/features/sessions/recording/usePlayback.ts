import { useCallback, useEffect, useState } from 'react';

export interface Playback {
  /** The recording's `<audio>` element, once mounted: pass `attach` as its ref. */
  audio: HTMLAudioElement | null;
  attach: (element: HTMLAudioElement | null) => void;
  /** Where the element is, in ms. */
  currentMs: number;
  /** True while it plays. */
  playing: boolean;
  /** Has it played or been moved at all? Until then no line is "being spoken". */
  started: boolean;
  /** Moves to `ms` and plays from there. */
  playFrom: (ms: number) => void;
}

/** Starts the element; a start it refused (no gesture, a source being replaced) leaves its own Play button to the user. */
export function startPlaying(audio: HTMLAudioElement): void {
  audio.play().catch((error: unknown) => {
    if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NotAllowedError')) return;
    throw error;
  });
}

/**
 * The session page's player state: the one `<audio>` element the player card shows, its position
 * and whether it plays, read from the element's own events, so the transcript and the timeline
 * follow whatever moved it (its native controls, a marker, a transcript line).
 */
export function usePlayback(): Playback {
  const [audio, attach] = useState<HTMLAudioElement | null>(null);
  const [currentMs, setCurrentMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!audio) return undefined;
    const onTime = () => {
      setCurrentMs(audio.currentTime * 1000);
      if (audio.currentTime > 0) setStarted(true);
    };
    const onPlay = () => {
      setPlaying(true);
      setStarted(true);
    };
    const onStop = () => setPlaying(false);
    const events: Array<[string, () => void]> = [
      ['timeupdate', onTime],
      ['seeking', onTime],
      ['seeked', onTime],
      ['play', onPlay],
      ['pause', onStop],
      ['ended', onStop],
    ];
    for (const [type, listener] of events) audio.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) audio.removeEventListener(type, listener);
    };
  }, [audio]);

  const playFrom = useCallback(
    (ms: number) => {
      if (!audio) return;
      audio.currentTime = ms / 1000;
      setCurrentMs(ms);
      setStarted(true);
      startPlaying(audio);
    },
    [audio],
  );

  return { audio, attach, currentMs, playing, started, playFrom };
}
