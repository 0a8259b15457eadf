import { useEffect, useRef, useState } from 'react';
import { startPlaying } from './usePlayback.js';

export interface AudioSource {
  /** What the element plays; undefined until the first link. */
  src: string | undefined;
  /** The element failed on a fresh link too: the recording cannot be played here. */
  failed: boolean;
}

/** Where to take up again on the new source. */
interface Resume {
  atSeconds: number;
  play: boolean;
}

/**
 * The `<audio>` element's source, from a signed link that is replaced before it expires. A new
 * link goes in only while the element is paused, so playback never stutters; a playing element
 * keeps its link until it pauses, or until a request on the old link fails, and then it takes the
 * new one up where it was. An error asks for a fresh link once; failing again on it is final.
 */
export function useAudioSource(
  audio: HTMLAudioElement | null,
  url: string | undefined,
  /** Fetches a fresh link; resolves with its URL. */
  refresh: () => Promise<string | undefined>,
): AudioSource {
  const [src, setSrc] = useState<string | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const resume = useRef<Resume | null>(null);
  const retried = useRef<string | null>(null);
  // Whether the user means it to play: an element that failed mid-play may not say so any more.
  const meant = useRef(false);

  useEffect(() => {
    if (!url || url === src) return undefined;
    const swap = () => {
      if (audio && src !== undefined && resume.current === null)
        resume.current = { atSeconds: audio.currentTime, play: meant.current };
      setSrc(url);
    };
    if (!audio || src === undefined || audio.paused || audio.error) {
      swap();
      return undefined;
    }
    audio.addEventListener('pause', swap, { once: true });
    return () => audio.removeEventListener('pause', swap);
  }, [audio, url, src]);

  useEffect(() => {
    if (!audio) return undefined;
    const onPlay = () => {
      meant.current = true;
    };
    const onPause = () => {
      meant.current = false;
    };
    const onLoaded = () => {
      setFailed(false);
      const at = resume.current;
      resume.current = null;
      if (!at) return;
      audio.currentTime = at.atSeconds;
      if (at.play) startPlaying(audio);
    };
    const onError = () => {
      if (src === undefined) return;
      if (retried.current === src) {
        setFailed(true);
        return;
      }
      retried.current = src;
      resume.current = { atSeconds: audio.currentTime, play: meant.current };
      // No new link, or the same one back, would leave the element stuck on its error.
      refresh().then(
        (next) => {
          if (next === undefined || next === src) setFailed(true);
        },
        () => setFailed(true),
      );
    };
    const events: Array<[string, () => void]> = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['loadedmetadata', onLoaded],
      ['error', onError],
    ];
    for (const [type, listener] of events) audio.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) audio.removeEventListener(type, listener);
    };
  }, [audio, src, refresh]);

  return { src, failed };
}
