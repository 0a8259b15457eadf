import { useCallback, useEffect, useRef, useState } from 'react';

/** Which side of the call to hear: the recording is left = caller, right = agent. */
export type Channel = 'both' | 'caller' | 'agent';

/**
 * Gains of left→left, left→right, right→left and right→right. One side alone goes to both ears,
 * so "Caller only" is not a caller in one ear and silence in the other.
 */
const ROUTES: Record<Channel, readonly [number, number, number, number]> = {
  both: [1, 0, 0, 1],
  caller: [1, 1, 0, 0],
  agent: [0, 0, 1, 1],
};

interface Graph {
  context: AudioContext;
  gains: GainNode[];
}

/** element → splitter → four gains → merger → speakers. */
function buildGraph(audio: HTMLAudioElement): Graph {
  const context = new AudioContext();
  const source = context.createMediaElementSource(audio);
  const splitter = context.createChannelSplitter(2);
  const merger = context.createChannelMerger(2);
  source.connect(splitter);
  const gains = [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ].map(([from, to]) => {
    const gain = context.createGain();
    splitter.connect(gain, from);
    gain.connect(merger, 0, to);
    return gain;
  });
  merger.connect(context.destination);
  return { context, gains };
}

export interface ChannelMix {
  channel: Channel;
  choose: (channel: Channel) => void;
  /** False where the browser has no Web Audio: only Both can be heard. */
  supported: boolean;
}

/**
 * The player's channel choice through Web Audio. The graph is built on the first choice, not
 * before: it is a user's gesture, so the audio context may start, and an element routed through a
 * context that has not started would be silent. Once routed, the element stays routed (the Web
 * Audio API cannot undo it), so the context is resumed whenever the element plays.
 */
export function useChannelMix(audio: HTMLAudioElement | null): ChannelMix {
  const [channel, setChannel] = useState<Channel>('both');
  const graph = useRef<Graph | null>(null);
  const supported = typeof AudioContext === 'function';

  const choose = useCallback(
    (next: Channel) => {
      if (!audio || !supported) return;
      graph.current ??= buildGraph(audio);
      ROUTES[next].forEach((value, i) => {
        const gain = graph.current?.gains[i];
        if (gain) gain.gain.value = value;
      });
      void graph.current.context.resume();
      setChannel(next);
    },
    [audio, supported],
  );

  useEffect(() => {
    if (!audio) return undefined;
    const onPlay = () => void graph.current?.context.resume();
    audio.addEventListener('play', onPlay);
    return () => audio.removeEventListener('play', onPlay);
  }, [audio]);

  useEffect(
    () => () => {
      void graph.current?.context.close();
      graph.current = null;
    },
    [],
  );

  return { channel, choose, supported };
}
