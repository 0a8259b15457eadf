/**
 * A whole voice setup for server tests: the real app listening on 127.0.0.1 with PUBLIC_URL a
 * public https name (as behind a TLS proxy), the fake Twilio REST API, and the fake Realtime API.
 * `owner()` makes a user with OpenAI and Twilio settings and an agent holding a number;
 * `incomingCall()` rings that number the way Twilio does (signed webhook, then the signed Media
 * Stream with the TwiML's parameters) and returns both fakes' ends of the call. `answer()` picks up
 * a call placed with make-call; calls that end are reported to their StatusCallback, as Twilio does.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../../server/config.js';
import type { Agent, AgentPatch } from '../../shared/types/agent.js';
import { type FakeRealtime, type FakeRealtimeOptions, startFakeRealtime } from '../fixtures/fakeRealtime.js';
import type { FakeRealtimeSession } from '../fixtures/fakeRealtimeSession.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';
import type { FakeTwilioCall } from '../fixtures/fakeTwilioCall.js';
import { type DialDelivery, deliverDialResults } from '../fixtures/fakeTwilioDial.js';
import { deliverStatusCallbacks, type StatusDelivery } from '../fixtures/fakeTwilioStatusCallbacks.js';
import { answerOutboundCall, ringSwitchboard } from '../fixtures/ringSwitchboard.js';
import { createTestApp, type TestApp, type TestUser } from './serverApp.js';
import { listenForSockets, openTestSocket, type TestSocket } from './serverSocket.js';

export const VOICE_PUBLIC_URL = 'https://switchboard.example.com';
export const OPENAI_TEST_KEY = 'sk-test-voice-0123456789';

export interface VoiceOwner {
  user: TestUser;
  accessToken: string;
  agent: Agent;
  number: string;
  call: (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => Promise<LightMyRequestResponse>;
  /** The owner's console channel, once it is established (its first message is taken). */
  console: () => Promise<TestSocket>;
}

export interface RingingCall {
  twilio: FakeTwilioCall;
  realtime: FakeRealtimeSession;
  streamSid: string;
  callSid: string;
}

export interface VoiceHarness {
  t: TestApp;
  realtime: FakeRealtime;
  rest: FakeTwilio;
  serverUrl: string;
  wsUrl: string;
  owner: (options?: { agent?: AgentPatch; tools?: string[]; number?: string }) => Promise<VoiceOwner>;
  /** Rings the owner's number; resolves once the Realtime side is connected. */
  incomingCall: (owner: VoiceOwner, options?: { from?: string }) => Promise<RingingCall>;
  /** Rings without the Realtime side (for calls that must not reach it). */
  ring: (owner: VoiceOwner, options?: { from?: string }) => Promise<{ twilio: FakeTwilioCall; callSid: string }>;
  /** The callee picks up a call placed with make-call: its TwiML's Media Stream opens. */
  answer: (callSid: string) => Promise<FakeTwilioCall>;
  /** Every status callback the fake Twilio posted to the server (a call that ended). */
  statusCallbacks: StatusDelivery[];
  /** Every transfer's dial result the fake Twilio posted to the server (issue 23). */
  dialResults: DialDelivery[];
  close: () => Promise<void>;
}

let numbers = 0;

export async function startVoiceHarness(
  options: { realtime?: FakeRealtimeOptions; config?: Partial<Config> } = {},
): Promise<VoiceHarness> {
  const realtime = await startFakeRealtime({ apiKeys: [OPENAI_TEST_KEY], ...options.realtime });
  const rest = await startFakeTwilio();
  const t = await createTestApp({
    config: {
      publicUrl: VOICE_PUBLIC_URL,
      openaiBaseUrl: realtime.baseUrl,
      twilioApiBaseUrl: rest.baseUrl,
      rateLimit: { max: 100_000, windowMs: 60_000 },
      ...options.config,
    },
  });
  const wsUrl = await listenForSockets(t.app);
  const serverUrl = wsUrl.replace(/^ws/, 'http');
  const live: FakeTwilioCall[] = [];
  const statusCallbacks = deliverStatusCallbacks({ serverUrl, publicUrl: VOICE_PUBLIC_URL }, rest);
  const dialResults = deliverDialResults({ serverUrl, publicUrl: VOICE_PUBLIC_URL }, rest);

  const owner: VoiceHarness['owner'] = async (opts = {}) => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const call: VoiceOwner['call'] = (method, url, payload) =>
      t.app.inject({
        method,
        url,
        headers: t.auth(accessToken),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    await call('PUT', '/api/accounts/settings', {
      openai_api_key: OPENAI_TEST_KEY,
      twilio_account_sid: rest.accountSid,
      twilio_auth_token: rest.authToken,
    });
    const agent = (await call('POST', '/api/agents', { name: `Voice agent ${++numbers}` })).json<Agent>();
    const number = opts.number ?? `+1415555${String(1000 + numbers).padStart(4, '0')}`;
    rest.addNumber(number);
    await call('POST', '/api/phone-associations', { phoneNumber: number, agentId: agent.id });
    const patched =
      opts.agent || opts.tools
        ? (
            await call('PATCH', `/api/agents/${agent.id}`, {
              ...opts.agent,
              ...(opts.tools ? { tools: opts.tools } : {}),
            })
          ).json<Agent>()
        : agent;
    const console = async () => {
      const socket = openTestSocket(`${wsUrl}/api/frontend?token=${accessToken}`);
      const first = await socket.nextMessage();
      if (first.type !== 'connection.established') throw new Error(`console channel answered ${first.type}`);
      return socket;
    };
    return { user, accessToken, agent: patched, number, call, console };
  };

  const ring: VoiceHarness['ring'] = async (o, opts = {}) => {
    const twilio = await ringSwitchboard({ serverUrl, publicUrl: VOICE_PUBLIC_URL }, rest, {
      to: o.number,
      from: opts.from ?? '+14155550100',
    });
    live.push(twilio);
    return { twilio, callSid: twilio.callSid };
  };

  const answer: VoiceHarness['answer'] = async (callSid) => {
    const twilio = await answerOutboundCall({ serverUrl, publicUrl: VOICE_PUBLIC_URL }, rest, callSid);
    live.push(twilio);
    return twilio;
  };

  const incomingCall: VoiceHarness['incomingCall'] = async (o, opts) => {
    const { twilio, callSid } = await ring(o, opts);
    const session = await realtime.nextSession();
    return { twilio, realtime: session, streamSid: twilio.streamSid, callSid };
  };

  return {
    t,
    realtime,
    rest,
    serverUrl,
    wsUrl,
    owner,
    incomingCall,
    ring,
    answer,
    statusCallbacks,
    dialResults,
    close: async () => {
      for (const call of live) if (call.isOpen) call.hangUp();
      await t.close();
      await realtime.close();
      await rest.close();
    },
  };
}
