/** Recording test data and a fake Web Audio graph, shared by the sessions-recording-*.test.tsx files. */
import { screen } from '@testing-library/react';
import type { CallRecording, CallSession, SessionMessage } from '../../shared/types/session.js';
import type { FakeCall, FakeRoutes } from '../helpers/consoleFakeApi.js';
import { detailRoutes, makeSession, NOW } from './sessions-fixtures.js';

export const SID = 'MZrec1';

export function recordedSession(recording: CallRecording | null | undefined): CallSession {
  return makeSession({
    streamSid: SID,
    active: false,
    startTime: NOW - 100_000,
    endTime: NOW - 40_000,
    duration: 60,
    ...(recording === undefined ? {} : { recording }),
  });
}

export const READY = recordedSession({ status: 'ready', durationMs: 60_000 });

/** Two sides, a tool call and a line the server could not place on the recording. */
export const LINES: SessionMessage[] = [
  { id: 'l1', type: 'assistant', message: 'Hello, how can I help?', timestamp: NOW - 99_000, audioStartMs: 500 },
  { id: 'l2', type: 'user', message: 'Where is my order?', timestamp: NOW - 95_000, audioStartMs: 4_200 },
  {
    id: 'l3',
    type: 'function',
    message: 'lookup_order',
    timestamp: NOW - 92_000,
    function_args: '{}',
    function_output: 'ok',
    audioStartMs: null,
  },
  { id: 'l4', type: 'assistant', message: 'It ships tomorrow.', timestamp: NOW - 88_000, audioStartMs: 12_000 },
  { id: 'l5', type: 'user', message: 'Thanks!', timestamp: NOW - 80_000 },
];

/** The link route: link n has token tn and expires `lifetimeMs` after it was given. */
export function linkRoute(lifetimeMs = 10 * 60_000) {
  let n = 0;
  return (_call: FakeCall) => {
    n += 1;
    return { body: { url: `/api/sessions/recording/${SID}?token=t${n}`, expiresAt: Date.now() + lifetimeMs } };
  };
}

export function recordingRoutes(
  session: CallSession = READY,
  messages: SessionMessage[] = LINES,
  extra: FakeRoutes = {},
): FakeRoutes {
  return detailRoutes(session, messages, {
    [`POST /sessions/recording/${SID}/link`]: linkRoute(),
    ...extra,
  });
}

export const recordingCard = () => screen.getByRole('heading', { name: 'Recording' }).closest<HTMLElement>('.rt-Card')!;

export const audioElement = () => screen.getByLabelText<HTMLAudioElement>('Call recording');

/** The transcript line whose text is `text`. */
export const lineOf = (text: string) => screen.getByText(text).closest<HTMLElement>('.sb-message')!;

/** The transcript lines that carry aria-current. */
export const currentLines = () =>
  Array.from(document.querySelectorAll('.sb-message[aria-current="true"]')).map(
    (el) => el.querySelector('p')?.textContent,
  );

class FakeNode {
  readonly links: Array<{ to: FakeNode | object; output: number; input: number }> = [];
  connect(to: FakeNode | object, output = 0, input = 0) {
    this.links.push({ to, output, input });
    return to;
  }
}

class FakeGain extends FakeNode {
  readonly gain = { value: 1 };
}

/** The Web Audio graph the player builds, recorded: which splitter output feeds which gain, and into which merger input. */
export class FakeMixContext {
  static instances: FakeMixContext[] = [];
  readonly destination = {};
  readonly elements: unknown[] = [];
  readonly splitter = new FakeNode();
  readonly merger = new FakeNode();
  readonly gains: FakeGain[] = [];
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  constructor() {
    FakeMixContext.instances.push(this);
  }
  createMediaElementSource(element: unknown) {
    this.elements.push(element);
    return new FakeNode();
  }
  createChannelSplitter() {
    return this.splitter;
  }
  createChannelMerger() {
    return this.merger;
  }
  createGain() {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }
  async resume() {
    this.state = 'running';
  }
  async close() {
    this.state = 'closed';
  }

  /** What each ear hears of each side: `heard.left.caller` is the gain from the left (caller) channel to the left ear. */
  heard() {
    const ears = { left: { caller: 0, agent: 0 }, right: { caller: 0, agent: 0 } };
    for (const link of this.splitter.links) {
      const gain = link.to as FakeGain;
      const into = gain.links.find((l) => l.to === this.merger);
      if (!into) continue;
      const ear = into.input === 0 ? ears.left : ears.right;
      ear[link.output === 0 ? 'caller' : 'agent'] += gain.gain.value;
    }
    return ears;
  }
}

/** Puts FakeMixContext on the window as AudioContext; returns the undo. */
export function installFakeMix(): () => void {
  FakeMixContext.instances = [];
  const globals = globalThis as Record<string, unknown>;
  const saved = globals.AudioContext;
  globals.AudioContext = FakeMixContext;
  return () => {
    globals.AudioContext = saved;
  };
}
