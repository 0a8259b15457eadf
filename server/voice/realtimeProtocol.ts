/**
 * The OpenAI Realtime GA wire (VOICE.md §2): the session shape the bridge sends, and server
 * events narrowed from `unknown` to the fields the bridge reads. Unknown event types parse to
 * null and are ignored, as the API adds events over time. Legacy `response.audio.*` names, which
 * some GA models were seen to emit, are read as their GA names (VOICE.md §2.5).
 */

import type { TokenUsage } from '../../shared/types/session.js';
import { type JsonObject, asObject as object, parseObject, str } from '../core/json.js';
import type { SessionAudioFormat } from './audio/callAudio.js';

export interface RealtimeTurnDetection {
  type: 'server_vad' | 'semantic_vad';
  threshold?: number;
  prefix_padding_ms?: number;
  silence_duration_ms?: number;
  eagerness?: 'low' | 'medium' | 'high' | 'auto';
  create_response: boolean;
  interrupt_response: boolean;
}

export interface RealtimeFunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** GA `session.update` payload (VOICE.md §2.3). */
export interface RealtimeSessionConfig {
  type: 'realtime';
  model: string;
  output_modalities: ['audio'];
  instructions: string;
  audio: {
    input: {
      format: SessionAudioFormat;
      noise_reduction: { type: 'near_field' | 'far_field' } | null;
      transcription: { model: string; language?: string; prompt?: string } | null;
      turn_detection: RealtimeTurnDetection;
    };
    output: { format: SessionAudioFormat; voice: string };
  };
  tools: RealtimeFunctionTool[];
  tool_choice: 'auto';
  max_output_tokens: number | 'inf';
}

export type RealtimeClientEvent =
  | { type: 'session.update'; session: RealtimeSessionConfig }
  | { type: 'input_audio_buffer.append'; audio: string }
  | { type: 'response.create' }
  | { type: 'response.cancel' }
  | { type: 'conversation.item.truncate'; item_id: string; content_index: number; audio_end_ms: number }
  | { type: 'conversation.item.create'; item: { type: 'function_call_output'; call_id: string; output: string } }
  /** Text the model reads as said by the caller: key presses (issue 23). */
  | { type: 'conversation.item.create'; item: RealtimeTextMessage };

export interface RealtimeTextMessage {
  type: 'message';
  role: 'user';
  content: { type: 'input_text'; text: string }[];
}

export interface RealtimeError {
  type: string;
  code: string | null;
  message: string;
  param: string | null;
}

export interface FunctionCallItem {
  callId: string;
  name: string;
  arguments: string;
  itemId: string;
}

/** Tokens of one response by kind (VOICE.md §12.1). */
export type RealtimeUsage = TokenUsage;

export type RealtimeServerEvent =
  | { type: 'session.created' }
  | { type: 'session.updated'; inputFormat: string | null; outputFormat: string | null }
  | { type: 'error'; error: RealtimeError }
  | { type: 'input_audio_buffer.speech_started'; itemId: string; audioStartMs: number }
  | { type: 'input_audio_buffer.speech_stopped'; itemId: string }
  | { type: 'response.created'; responseId: string }
  | { type: 'response.output_audio.delta'; responseId: string; itemId: string; contentIndex: number; delta: string }
  | { type: 'transcript.delta'; role: 'assistant' | 'user'; itemId: string; delta: string; responseId: string }
  | { type: 'transcript.done'; role: 'assistant' | 'user'; itemId: string; transcript: string; responseId: string }
  | { type: 'function_call.done'; call: FunctionCallItem }
  | {
      type: 'response.done';
      responseId: string;
      status: string;
      calls: FunctionCallItem[];
      usage: RealtimeUsage | null;
    };

type Json = JsonObject;
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function functionCall(item: Json | null): FunctionCallItem | null {
  if (item?.type !== 'function_call' || !str(item.call_id)) return null;
  return { callId: str(item.call_id), name: str(item.name), arguments: str(item.arguments), itemId: str(item.id) };
}

/** `response.usage`; null when absent (a compatible server may not send it). */
function usage(raw: Json | null): RealtimeUsage | null {
  if (!raw) return null;
  const input = object(raw.input_token_details);
  const cached = object(input?.cached_tokens_details);
  const output = object(raw.output_token_details);
  // Without details, all tokens are counted as text (what a text-only compatible server means).
  return {
    inputText: input ? num(input.text_tokens) : num(raw.input_tokens),
    inputAudio: num(input?.audio_tokens),
    cachedText: cached ? num(cached.text_tokens) : num(input?.cached_tokens),
    cachedAudio: num(cached?.audio_tokens),
    outputText: output ? num(output.text_tokens) : num(raw.output_tokens),
    outputAudio: num(output?.audio_tokens),
  };
}

function formatType(audio: Json | null, side: 'input' | 'output'): string | null {
  return strOrNull(object(object(object(audio?.[side])?.format))?.type);
}

/** Narrows one frame from the Realtime API; null for malformed frames and events the bridge ignores. */
export function parseRealtimeEvent(raw: string): RealtimeServerEvent | null {
  const event = parseObject(raw);
  if (!event) return null;
  switch (event.type) {
    case 'session.created':
      return { type: 'session.created' };
    case 'session.updated': {
      const audio = object(object(event.session)?.audio);
      return {
        type: 'session.updated',
        inputFormat: formatType(audio, 'input'),
        outputFormat: formatType(audio, 'output'),
      };
    }
    case 'error': {
      const error = object(event.error) ?? {};
      return {
        type: 'error',
        error: {
          type: str(error.type),
          code: strOrNull(error.code),
          message: str(error.message),
          param: strOrNull(error.param),
        },
      };
    }
    case 'input_audio_buffer.speech_started':
      return {
        type: 'input_audio_buffer.speech_started',
        itemId: str(event.item_id),
        audioStartMs: num(event.audio_start_ms),
      };
    case 'input_audio_buffer.speech_stopped':
      return { type: 'input_audio_buffer.speech_stopped', itemId: str(event.item_id) };
    case 'response.created':
      return { type: 'response.created', responseId: str(object(event.response)?.id) };
    case 'response.output_audio.delta':
    case 'response.audio.delta':
      return {
        type: 'response.output_audio.delta',
        responseId: str(event.response_id),
        itemId: str(event.item_id),
        contentIndex: num(event.content_index),
        delta: str(event.delta),
      };
    case 'response.output_audio_transcript.delta':
    case 'response.audio_transcript.delta':
      return {
        type: 'transcript.delta',
        role: 'assistant',
        itemId: str(event.item_id),
        delta: str(event.delta),
        responseId: str(event.response_id),
      };
    case 'response.output_audio_transcript.done':
    case 'response.audio_transcript.done':
      return {
        type: 'transcript.done',
        role: 'assistant',
        itemId: str(event.item_id),
        transcript: str(event.transcript),
        responseId: str(event.response_id),
      };
    case 'conversation.item.input_audio_transcription.delta':
      return {
        type: 'transcript.delta',
        role: 'user',
        itemId: str(event.item_id),
        delta: str(event.delta),
        responseId: '',
      };
    case 'conversation.item.input_audio_transcription.completed':
      return {
        type: 'transcript.done',
        role: 'user',
        itemId: str(event.item_id),
        transcript: str(event.transcript),
        responseId: '',
      };
    case 'response.output_item.done': {
      const call = functionCall(object(event.item));
      return call ? { type: 'function_call.done', call } : null;
    }
    case 'response.done': {
      const response = object(event.response) ?? {};
      const output = Array.isArray(response.output) ? response.output : [];
      const calls = output
        .map((item) => functionCall(object(item)))
        .filter((call): call is FunctionCallItem => call !== null);
      return {
        type: 'response.done',
        responseId: str(response.id),
        status: str(response.status),
        calls,
        usage: usage(object(response.usage)),
      };
    }
    default:
      return null;
  }
}
