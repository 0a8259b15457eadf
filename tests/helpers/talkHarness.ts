/**
 * Browser calls (Talk, issue 20) in a voice harness: opens an agent's Talk socket as the console
 * does (the `bearer.` subprotocol, or `?token=` and `?impersonate=`), starts the call and hands
 * back the fake browser with the fake Realtime session it reached.
 */
import { TALK_PATH } from '../../shared/types/talk.js';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import { FakeTalkBrowser } from '../fixtures/fakeTalkBrowser.js';
import type { VoiceHarness, VoiceOwner } from './voiceHarness.js';

export interface TalkOpen {
  agentId?: string;
  /** Sent as the subprotocol unless `query` carries the token (default the owner's; null: none). */
  token?: string | null;
  /** Query string without `?` (token=…&impersonate=…). */
  query?: string;
}

export function openTalk(h: VoiceHarness, o: VoiceOwner, options: TalkOpen = {}): FakeTalkBrowser {
  const path = TALK_PATH(options.agentId ?? o.agent.id);
  const url = `${h.wsUrl}${path}${options.query ? `?${options.query}` : ''}`;
  const token =
    options.query?.includes('token=') || options.token === null ? undefined : (options.token ?? o.accessToken);
  return new FakeTalkBrowser({ url, token });
}

export interface TalkCall {
  browser: FakeTalkBrowser;
  realtime: FakeRealtimeSession;
  sessionId: string;
}

/** Opens the Talk socket, sends `start`, and resolves once `ready` came and the Realtime side is connected. */
export async function talkCall(
  h: VoiceHarness,
  o: VoiceOwner,
  start: { settings?: Record<string, unknown>; highQuality?: boolean } = {},
  options: TalkOpen = {},
): Promise<TalkCall> {
  const browser = openTalk(h, o, options);
  const ready = await browser.start(start);
  const realtime = await h.realtime.nextSession();
  return { browser, realtime, sessionId: ready.sessionId };
}
