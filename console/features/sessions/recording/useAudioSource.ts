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
 * new one up where it was. An error asks for a fresh link; failing on that one before it loaded
 * is final.
 */
export function useAudioSource(
  audio: HTMLAudioElement | null,
  url: string | undefined,
  /** Fetches a fresh link; resolves with its URL. */
  refresh: () => Promise<string | undefined>,
): AudioSource {
  const [src, setSrc] = useState<string | undefined>(undefined);
  // The same, for the element's listeners: they may hear an error before an effect could see the new state.
  const srcNow = useRef<string | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const resume = useRef<Resume | null>(null);
  // An error asked for a fresh link, and nothing has loaded since.
  const retrying = useRef(false);
  // Whether the user means it to play: an element that failed mid-play may not say so any more.
  const meant = useRef(false);
  // The element failed on `src`: the next link goes in at once, playing or not.
  const broken = useRef(false);

  useEffect(() => {
    if (!url || url === src) return undefined;
    // A failed element already noted where it was and whether it played; a paused one stays paused.
    const swap = () => {
      if (audio && src !== undefined && resume.current === null)
        resume.current = { atSeconds: audio.currentTime, play: false };
      broken.current = false;
      srcNow.current = url;
      setSrc(url);
    };
    if (!audio || src === undefined || audio.paused || broken.current) {
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
      retrying.current = false;
      setFailed(false);
      const at = resume.current;
      resume.current = null;
      if (!at) return;
      audio.currentTime = at.atSeconds;
      if (at.play) startPlaying(audio);
    };
    const onError = () => {
      const failedOn = srcNow.current;
      if (failedOn === undefined) return;
      if (retrying.current) {
        setFailed(true);
        return;
      }
      retrying.current = true;
      broken.current = true;
      resume.current = { atSeconds: audio.currentTime, play: meant.current };
      // No new link, or the same one back, would leave the element stuck on its error.
      refresh().then(
        (next) => {
          if (next === undefined || next === failedOn) setFailed(true);
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
  }, [audio, refresh]);

  return { src, failed };
}
