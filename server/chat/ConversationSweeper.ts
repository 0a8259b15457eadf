/**
 * The periodic sweep of one app (created in buildApp, stopped when it closes): deletes chat
 * messages and conversations past what their bot keeps (db/chatSweep.ts, db/chatExpiry.ts) and
 * calls past their agent's Keep history (db/callSweep.ts), and reports the new active count of every bot one of whose conversations
 * went quiet since the previous sweep. Safe with several instances on one database: the deletes
 * are idempotent, and each instance reports to the consoles connected to it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { PeriodicTask } from '../core/PeriodicTask.js';
import type { Clock } from '../core/types.js';
import { enqueueQuietChats } from '../db/analysisJobs.js';
import { deleteExpiredCalls } from '../db/callSweep.js';
import { activeSince, webchatsActiveBetween } from '../db/chatConversations.js';
import { deleteExpiredConversations, deleteExpiredMessages } from '../db/chatSweep.js';
import type { Database } from '../db/schema.js';
import type { ChatActivity } from './ChatActivity.js';

export interface SweepResult {
  messages: number;
  conversations: number;
  calls: number;
  /** Bots whose count was sent because a conversation went quiet. */
  reported: number;
  /** Chats that went quiet and were queued for analysis (issue 21): a chat ends when it goes quiet. */
  analysesQueued: number;
}

export interface SweeperDeps {
  db: Kysely<Database>;
  clock: Clock;
  activity: ChatActivity;
  log: Pick<FastifyBaseLogger, 'error'>;
  intervalMs: number;
}

export class ConversationSweeper {
  readonly #deps: SweeperDeps;
  readonly #task: PeriodicTask<SweepResult>;
  /** Conversations that went quiet before this were reported by an earlier sweep. */
  #sweptUntil: number;

  constructor(deps: SweeperDeps) {
    this.#deps = deps;
    this.#sweptUntil = activeSince(deps.clock());
    this.#task = new PeriodicTask(
      () => this.#sweep(),
      deps.intervalMs,
      (error) => deps.log.error({ err: error }, 'the chat sweep failed'),
    );
  }

  start(): void {
    this.#task.start();
  }

  stop(): Promise<void> {
    return this.#task.stop();
  }

  /** One sweep now; a sweep already running is joined rather than run twice. */
  sweep(): Promise<SweepResult> {
    return this.#task.runNow();
  }

  async #sweep(): Promise<SweepResult> {
    const { db, clock, activity } = this.#deps;
    const now = clock();
    const quietUntil = activeSince(now);
    // Before the deletes, while every conversation that just went quiet still exists (db/chatExpiry.ts).
    const wentQuiet = await webchatsActiveBetween(db, this.#sweptUntil, quietUntil);
    this.#sweptUntil = Math.max(this.#sweptUntil, quietUntil);
    await activity.report(wentQuiet);
    const analysesQueued = await enqueueQuietChats(db, quietUntil, now);
    const messages = await deleteExpiredMessages(db, now);
    const conversations = await deleteExpiredConversations(db, now);
    const calls = await deleteExpiredCalls(db, now);
    return { messages, conversations, calls, reported: wentQuiet.length, analysesQueued };
  }
}
