/**
 * Calls, chats, answers, turn latencies and verdicts written through the server's own repository
 * functions (the ones the voice bridge, chat engine and analysis runner use), for the Analytics
 * tests: what the page shows comes from the rollup those writes keep.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NEW_AGENT_COLUMNS } from '../../server/db/agents.js';
import { saveCallFigures } from '../../server/db/callMetrics.js';
import { insertConversation, newConversationId } from '../../server/db/chatConversations.js';
import { KEPT_FOREVER } from '../../server/db/chatExpiry.js';
import { saveTurn } from '../../server/db/chatMessages.js';
import type { Database } from '../../server/db/schema.js';
import { insertMessage } from '../../server/db/sessionMessages.js';
import { endSessionRecord, insertSession } from '../../server/db/sessions.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import type { TokenUsage } from '../../shared/types/session.js';
import { insertExisting } from './existingColumns.js';

let calls = 0;

/** An agent with the columns its table has in this database (the migration tests and the bench seed older databases). */
export async function seedAgent(db: Kysely<Database>, userId: string, name: string): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await insertExisting(db, 'agents', {
    ...NEW_AGENT_COLUMNS,
    id,
    user_id: userId,
    name,
    phone_number: null,
    phone_account_sid: null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** A bot with the columns its table has in this database (the migration tests and the bench seed older databases). */
export async function seedBot(db: Kysely<Database>, userId: string, name: string): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await insertExisting(db, 'webchats', {
    ...NEW_WEBCHAT_COLUMNS,
    id,
    user_id: userId,
    name,
    description: 'Seeded bot',
    created_at: now,
    updated_at: now,
  });
  return id;
}

export interface SeedCall {
  userId: string;
  agentId: string;
  start: number;
  /** Seconds; the call ends then. Left out: the call is still open. */
  seconds?: number;
  callType?: 'inbound' | 'outbound' | 'web';
  model?: string;
  usage?: Partial<TokenUsage>;
  /** Agent lines' latencies (ms). */
  latencies?: number[];
}

/** A call as the bridge writes it: opened, figures saved, lines with latency, ended. Its stream SID. */
export async function seedCall(db: Kysely<Database>, call: SeedCall): Promise<string> {
  calls += 1;
  const id = `${String(calls).padStart(8, '0')}${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const streamSid = `MZ${id}`;
  await insertSession(db, {
    stream_sid: streamSid,
    call_sid: `CA${id}`,
    user_id: call.userId,
    agent_id: call.agentId,
    agent_name: 'Seeded agent',
    from_number: '+14155550100',
    to_number: '+14155550101',
    call_type: call.callType ?? 'inbound',
    start_time: call.start,
    model: null,
  });
  const usage = {
    inputText: 0,
    inputAudio: 0,
    cachedText: 0,
    cachedAudio: 0,
    outputText: 0,
    outputAudio: 0,
    ...call.usage,
  };
  const latencies = call.latencies ?? [];
  await saveCallFigures(db, { streamSid, userId: call.userId }, call.model ?? 'gpt-realtime', {
    usage,
    interruptions: 0,
    latencyTurns: latencies.length,
    latencyP50Ms: null,
    latencyP95Ms: null,
  });
  for (const [i, latency] of latencies.entries())
    await insertMessage(db, {
      stream_sid: streamSid,
      item_id: `item-${i}`,
      seq: i + 1,
      type: 'assistant',
      message: `Line ${i}`,
      timestamp: call.start + i * 1000,
      function_output: null,
      function_args: null,
      function_id: null,
      latency_ms: latency,
    });
  if (call.seconds !== undefined)
    await endSessionRecord(
      db,
      { stream_sid: streamSid, user_id: call.userId, start_time: call.start },
      call.start + call.seconds * 1000,
    );
  return streamSid;
}

export interface SeedChat {
  userId: string;
  webchatId: string;
  start: number;
  test?: boolean;
  /** Answers' figures, one turn each, a minute apart. */
  answers?: Array<{ model: string; input: number; cached: number; output: number }>;
}

/** A conversation as the chat engine writes it, its turns kept forever. Its id. */
export async function seedChat(db: Kysely<Database>, chat: SeedChat): Promise<string> {
  const conversationId = newConversationId();
  await insertConversation(db, {
    id: conversationId,
    user_id: chat.userId,
    webchat_id: chat.webchatId,
    at: chat.start,
    expires_at: KEPT_FOREVER,
    test: chat.test ?? false,
  });
  for (const [i, answer] of (chat.answers ?? []).entries()) {
    const at = chat.start + i * 60_000;
    await saveTurn(db, {
      conversationId,
      question: { id: randomUUID(), text: `Question ${i}`, at },
      toolCalls: [],
      answer: {
        id: randomUUID(),
        text: `Answer ${i}`,
        at: at + 1000,
        figures: {
          model: answer.model,
          tokens: { input: answer.input, cached: answer.cached, output: answer.output },
          ttftMs: 300,
        },
      },
      messageExpiresAt: () => KEPT_FOREVER,
      conversationExpiresAt: KEPT_FOREVER,
    });
  }
  return conversationId;
}

/** An analysis job as the runner keeps it: queued, then done with its verdict. */
export async function seedVerdict(
  db: Kysely<Database>,
  owner: { userId: string; sourceId: string },
  target: { streamSid: string } | { conversationId: string },
  success: 'pass' | 'fail' | 'unclear',
): Promise<string> {
  const id = randomUUID();
  const at = Date.now();
  await db
    .insertInto('analysis_jobs')
    .values({
      id,
      user_id: owner.userId,
      kind: 'streamSid' in target ? 'call' : 'chat',
      stream_sid: 'streamSid' in target ? target.streamSid : null,
      conversation_id: 'conversationId' in target ? target.conversationId : null,
      source_id: owner.sourceId,
      status: 'pending',
      attempts: 0,
      run_after: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await setVerdict(db, id, success);
  return id;
}

export async function setVerdict(db: Kysely<Database>, jobId: string, success: 'pass' | 'fail' | 'unclear') {
  await db
    .updateTable('analysis_jobs')
    .set({ status: 'done', success, success_reason: 'Seeded.', finished_at: Date.now() })
    .where('id', '=', jobId)
    .execute();
}
