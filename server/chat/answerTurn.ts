/**
 * One answer, after the visitor's message was admitted and the stream's `start` sent: the context
 * loaded, the model rounds run (deltas streamed as they arrive), then the whole turn (question,
 * tool calls, answer) written in one transaction before `done`. Any failure ends the stream with
 * an `error` event and keeps nothing of the turn, so the widget can send the same text again.
 * A visitor who goes away cancels it (issue 18): the model request is aborted, and the question,
 * the tool calls that ran and the text written so far are kept, so a reload shows the question
 * and what the visitor had seen, and the next answer has the question in its context.
 * When knowledge passages were given, the answer's [n] markers become its sources (citations.ts):
 * taken out of the text as it streams, kept with the answer and sent in `done`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { REQUEST_CONTACT } from '../../shared/leadCapture.js';
import type { Clock } from '../core/types.js';
import { type ChatExpiry, keepingOf, keepsTexts } from '../db/chatExpiry.js';
import { type AnswerFigures, saveTurn, type TurnAnswer } from '../db/chatMessages.js';
import type { Database } from '../db/schema.js';
import type { WebchatRecord } from '../db/webchats.js';
import type { ChatCompletionsClient } from '../llm/ChatCompletionsClient.js';
import { type OfferedToolRunDeps, runOfferedTool } from '../tools/runOfferedTool.js';
import { ChatToolbox, type ToolCallRun } from './ChatToolbox.js';
import type { ChatConfig } from './chatConfig.js';
import { chatFailure, EmptyAnswerError, TURN_DEADLINE, VISITOR_LEFT } from './chatFailure.js';
import { CitationFilter, citedSources, withoutCitations } from './citations.js';
import { loadTurnContext } from './loadTurnContext.js';
import { REQUEST_CONTACT_FUNCTION } from './requestContact.js';
import { type AnswerTokens, type ChatTurnResult, runChatTurn } from './runChatTurn.js';
import type { SseStream } from './SseStream.js';

export interface AnswerDeps extends OfferedToolRunDeps {
  db: Kysely<Database>;
  config: { chat: ChatConfig };
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  expiry: ChatExpiry;
  /** Aborted when the server shuts down. */
  shutdown: AbortSignal;
}

export interface AnswerJob {
  bot: WebchatRecord;
  /** The owner's model client (settings/openaiForUser.ts). */
  client: ChatCompletionsClient;
  conversationId: string;
  isNew: boolean;
  question: { id: string; text: string; at: number };
  /** performance.now() when the question arrived: where the answer's time to first token starts. */
  arrivedAt: number;
  stream: SseStream;
  /** A test chat's unsaved tool list, in order; undefined uses the bot's saved one. */
  toolIds?: string[];
}

/** Never rejects: every failure becomes the stream's `error` event and a log line. */
export async function answerTurn(deps: AnswerDeps, job: AnswerJob): Promise<void> {
  const { bot, stream, question } = job;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(TURN_DEADLINE), deps.config.chat.turnTimeoutMs);
  const signal = AbortSignal.any([deadline.signal, deps.shutdown, stream.gone]);
  const where = { webchatId: bot.id, userId: bot.user_id, conversationId: job.conversationId };
  const sofar: ChatTurnResult = { text: '', toolCalls: [] };
  let ttftMs: number | null = null;
  let citing = false;
  const citations = new CitationFilter();
  const send = (text: string) => {
    // Monotonic, so a wall-clock step during the answer cannot bend it.
    ttftMs ??= Math.round(performance.now() - job.arrivedAt);
    const shown = citing ? citations.push(text) : text;
    if (shown !== '') stream.send('delta', { text: shown });
  };
  try {
    const context = await loadTurnContext(deps.db, deps.config.chat, {
      bot,
      conversationId: job.conversationId,
      isNew: job.isNew,
      question: question.text,
      at: question.at,
      ...(job.toolIds ? { toolIds: job.toolIds } : {}),
    });
    // Without passages the model was asked to cite nothing: its text is left as written.
    citing = context.passages.length > 0;
    const toolbox = new ChatToolbox(
      context.tools,
      {
        run: (tool, args) => runOfferedTool(deps, tool, args),
        now: deps.clock,
        onError: (error) => deps.log.error({ err: error, ...where }, 'a chat tool call could not be run'),
      },
      context.offerContact ? [REQUEST_CONTACT_FUNCTION] : [],
    );
    const result = await runChatTurn(
      {
        client: job.client,
        model: bot.model,
        temperature: bot.temperature,
        maxTokens: deps.config.chat.maxAnswerTokens,
        messages: context.messages,
        toolbox,
        maxToolRounds: bot.tool_recursion_depth,
        signal,
        onText: send,
      },
      sofar,
    );
    const rest = citations.flush();
    if (rest !== '') stream.send('delta', { text: rest });
    const text = citing ? withoutCitations(result.text) : result.text;
    if (text.trim() === '') throw new EmptyAnswerError();
    const sources = citing ? citedSources(result.text, context.passages) : [];
    const answer = {
      id: randomUUID(),
      text,
      at: deps.clock(),
      figures: figuresOf(bot, result.tokens, ttftMs),
      sources,
    };
    await keepTurn(deps, job, result.toolCalls, answer);
    const contactRequested = context.offerContact && result.toolCalls.some((call) => call.name === REQUEST_CONTACT);
    stream.send('done', {
      conversationId: job.conversationId,
      userMessageId: question.id,
      assistantMessageId: answer.id,
      ...(contactRequested && { contactRequested }),
      ...(sources.length > 0 && { sources }),
    });
  } catch (error) {
    const failure = chatFailure(error, signal);
    const details = failure.level === 'error' ? { err: error, ...where } : { ...where, code: failure.event.code };
    deps.log[failure.level](details, `a chat answer failed: ${failure.reason}`);
    if (signal.reason === VISITOR_LEFT) {
      const seen = citing ? withoutCitations(sofar.text) : sofar.text;
      await keepAbandoned(deps, job, { ...sofar, text: seen, ttftMs }, where);
    } else stream.send('error', failure.event);
  } finally {
    clearTimeout(timer);
  }
}

/** What an answer's row keeps besides its text (migration 016's columns). */
function figuresOf(bot: WebchatRecord, tokens: AnswerTokens | null | undefined, ttftMs: number | null): AnswerFigures {
  return { model: bot.model, tokens: tokens ?? null, ttftMs };
}

/**
 * The question, the calls that ran and the text the visitor had seen; a failure to write it is
 * only logged (nobody is listening). Its tokens are unknown: the round that was cut off reported none.
 */
async function keepAbandoned(
  deps: AnswerDeps,
  job: AnswerJob,
  sofar: ChatTurnResult & { ttftMs: number | null },
  where: object,
): Promise<void> {
  const text = sofar.text.trim() === '' ? null : sofar.text;
  const answer =
    text === null
      ? null
      : { id: randomUUID(), text, at: deps.clock(), figures: figuresOf(job.bot, null, sofar.ttftMs) };
  try {
    await keepTurn(deps, job, sofar.toolCalls, answer);
  } catch (error) {
    deps.log.error({ err: error, ...where }, 'the turn of a visitor who went away could not be kept');
  }
}

function keepTurn(
  deps: AnswerDeps,
  job: AnswerJob,
  toolCalls: ToolCallRun[],
  answer: TurnAnswer | null,
): Promise<boolean> {
  const keeping = keepingOf(job.bot);
  return saveTurn(deps.db, {
    conversationId: job.conversationId,
    question: job.question,
    toolCalls,
    answer,
    messageExpiresAt: keepsTexts(keeping) ? (at) => deps.expiry.messageExpiresAt(at, keeping) : null,
    conversationExpiresAt: deps.expiry.conversationExpiresAt(answer?.at ?? deps.clock(), keeping),
  });
}
