/**
 * A post-call analysis test bed: the fake Chat Completions server, a test app pointed at it whose
 * runner only runs when a test polls it (`poll()`), an owner with a saved key, and ways to end a
 * call (through db/sessions.ts endSessionRecord, as the voice bridge does) or to leave a chat
 * quiet (then the sweep queues it).
 *
 *   const bed = await startAnalysisBed();
 *   const agent = await bed.agentWithAnalysis(bed.owner, { successCriteria: 'Booked' });
 *   const streamSid = await bed.endCall(bed.owner, agent, ['Hi', 'Hello, how can I help?']);
 *   bed.fake.enqueue({ json: { summary: 'A greeting', success: { verdict: 'pass', reason: '…' } } });
 *   await bed.poll();
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ANALYSIS_DEFAULTS, type AnalysisConfig } from '../../server/analysis/analysisConfig.js';
import type { Config } from '../../server/config.js';
import type { AnalysisSettings, ConversationAnalysis } from '../../shared/types/analysis.js';
import { type FakeOpenAIChat, startFakeOpenAIChat } from '../fixtures/fakeOpenAIChat.js';
import { seedEndedCall } from './seedEndedCall.js';
import { createTestApp, type TestApp } from './serverApp.js';
import { type SignedInCaller, signedInCaller } from './signedInCaller.js';

export const ANALYSIS_TEST_KEY = 'sk-analysis-test-0000';

export interface AnalysisBed {
  t: TestApp;
  fake: FakeOpenAIChat;
  owner: SignedInCaller;
  /** A new signed-in user with the test key saved. */
  newOwner: () => Promise<SignedInCaller>;
  /** An agent of `caller`'s with analysis on and these settings. */
  agentWithAnalysis: (caller: SignedInCaller, settings?: Partial<AnalysisSettings>) => Promise<string>;
  botWithAnalysis: (caller: SignedInCaller, settings?: Partial<AnalysisSettings>) => Promise<string>;
  /** A call of the agent that said `lines` (caller, agent, caller…) and then ended; its stream SID. */
  endCall: (caller: SignedInCaller, agentId: string, lines: string[]) => Promise<string>;
  /** A chat of the bot whose last message came `quietForMs` ago; its id. */
  quietChat: (caller: SignedInCaller, botId: string, lines: string[], quietForMs: number) => Promise<string>;
  /** Claims what is due on the app's runner and waits for those jobs to finish. */
  poll: () => Promise<number>;
  analysis: (caller: SignedInCaller, kind: 'call' | 'chat', id: string) => Promise<ConversationAnalysis | null>;
  close: () => Promise<void>;
}

export async function startAnalysisBed(
  analysis: Partial<AnalysisConfig> = {},
  config: Partial<Config> = {},
): Promise<AnalysisBed> {
  const fake = await startFakeOpenAIChat({ apiKeys: [ANALYSIS_TEST_KEY] });
  const t = await createTestApp({
    config: {
      ...config,
      openaiBaseUrl: fake.baseUrl,
      // Polls only when a test says so.
      analysis: { ...ANALYSIS_DEFAULTS, pollMs: 3_600_000, backoffMs: 10_000, ...analysis },
    },
  });
  const newOwner = async () => {
    const caller = await signedInCaller(t);
    const saved = await caller.call('PUT', '/api/accounts/settings', { openai_api_key: ANALYSIS_TEST_KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    return caller;
  };
  const putSettings = async (caller: SignedInCaller, url: string, settings: Partial<AnalysisSettings>) => {
    const saved = await caller.call('PUT', url, { enabled: true, ...settings });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const bed: AnalysisBed = {
    t,
    fake,
    owner: await newOwner(),
    newOwner,
    agentWithAnalysis: async (caller, settings = {}) => {
      const created = await caller.call('POST', '/api/agents', { name: `Agent ${randomUUID().slice(0, 8)}` });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: string }>().id;
      await putSettings(caller, `/api/agents/${id}/analysis`, settings);
      return id;
    },
    botWithAnalysis: async (caller, settings = {}) => {
      const created = await caller.call('POST', '/api/webchats', {
        name: `Bot ${randomUUID().slice(0, 8)}`,
        description: 'Answers questions',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: string }>().id;
      await putSettings(caller, `/api/webchats/${id}/analysis`, settings);
      return id;
    },
    endCall: (caller, agentId, lines) => seedEndedCall(t, { userId: caller.user.id, agentId, lines }),
    quietChat: async (caller, botId, lines, quietForMs) => {
      const id = randomBytes(24).toString('base64url').replace(/^-/, 'A');
      const at = t.clock.now() - quietForMs;
      await t.db
        .insertInto('chat_conversations')
        .values({
          id,
          user_id: caller.user.id,
          webchat_id: botId,
          started_at: at - lines.length,
          last_message_at: at,
          message_count: lines.length,
          first_question: lines[0] ?? '',
          last_seq: lines.length,
          expires_at: Number.MAX_SAFE_INTEGER,
        })
        .execute();
      for (const [k, text] of lines.entries())
        await t.db
          .insertInto('chat_messages')
          .values({
            id: randomUUID(),
            conversation_id: id,
            seq: k + 1,
            role: k % 2 === 0 ? 'user' : 'assistant',
            text,
            created_at: at - lines.length + k,
            expires_at: Number.MAX_SAFE_INTEGER,
            tool_name: null,
            tool_args: null,
            tool_output: null,
            is_error: 0,
          })
          .execute();
      return id;
    },
    poll: async () => {
      const started = await t.app.analysis.poll();
      await t.app.analysis.idle();
      return started;
    },
    analysis: async (caller, kind, id) => {
      const answer = await caller.call('GET', `/api/analysis/${kind}/${id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ analysis: ConversationAnalysis | null }>().analysis;
    },
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
  return bed;
}
