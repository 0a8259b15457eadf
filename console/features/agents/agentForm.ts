/**
 * The agent detail form: its values (numbers kept as typed text until blur), the blur-reset
 * rules of spec part 1 §5, and the PATCH body of what changed since the agent was loaded.
 */
import { AGENT_DEFAULTS, AGENT_LIMITS } from '../../../shared/defaults.js';
import type { Agent, AgentPatch } from '../../../shared/types/agent.js';
import { BUILTIN_FUNCTION_DEFAULTS, type BuiltinFunctionSettings } from '../../../shared/types/builtinFunctions.js';
import { AGENT_TEXTS, type ResetReason } from './agentTexts.js';

/** The agent's fields as the form holds them; the numbers as typed text (NumericField). */
export interface AgentFormValues
  extends Omit<
      Agent,
      'id' | 'systemMessage' | 'phoneNumber' | 'tools' | 'builtinFunctions' | 'knowledgeBots' | NumericField
    >,
    Record<NumericField, string> {
  /** Issue 23: compared by content, not identity (see buildPatch). */
  builtinFunctions: BuiltinFunctionSettings;
  systemMessage: string;
  /** null = 'None'. Saved through the association calls, not the PATCH. */
  phoneNumber: string | null;
  toolIds: string[];
  /** Issue 24: the bots whose knowledge the agent searches, in the order chosen. */
  knowledgeBots: string[];
}

export type NumericField =
  | 'temperature'
  | 'max_response_output_tokens'
  | 'prefix_padding_ms'
  | 'silence_duration_ms'
  | 'threshold';

interface NumericRule {
  min: number;
  /** None: any number from `min` up. */
  max?: number;
  whole: boolean;
  fallback: number;
}

const { temperature, maxResponseOutputTokens: tokens, threshold } = AGENT_LIMITS;

/** Spec part 1 §5: what a valid value is, and what an invalid or empty one becomes on blur. */
export const NUMERIC_RULES: Record<NumericField, NumericRule> = {
  temperature: { min: temperature.min, max: temperature.max, whole: false, fallback: AGENT_DEFAULTS.temperature },
  max_response_output_tokens: {
    min: tokens.min,
    max: tokens.max,
    whole: true,
    fallback: AGENT_DEFAULTS.max_response_output_tokens,
  },
  prefix_padding_ms: { min: 0, whole: true, fallback: AGENT_DEFAULTS.prefix_padding_ms },
  silence_duration_ms: { min: 0, whole: true, fallback: AGENT_DEFAULTS.silence_duration_ms },
  threshold: { min: threshold.min, max: threshold.max, whole: false, fallback: AGENT_DEFAULTS.threshold },
};

/** The typed text as a number: NaN when empty or not a number. */
function typedNumber(text: string): number {
  const trimmed = text.trim();
  // Rounded so a spinner's float noise (0.7000000000000001) neither fails the range nor gets saved.
  return trimmed === '' ? NaN : Math.round(Number(trimmed) * 1e9) / 1e9;
}

/** Why the blur rule replaces this text with the field's default; null when the text is kept. */
export function resetReason(field: NumericField, text: string): ResetReason | null {
  const rule = NUMERIC_RULES[field];
  if (text.trim() === '') return 'empty';
  const value = typedNumber(text);
  if (!Number.isFinite(value)) return 'not_a_number';
  if (value < rule.min || (rule.max !== undefined && value > rule.max)) return 'out_of_range';
  if (rule.whole && !Number.isInteger(value)) return 'not_whole';
  return null;
}

/** The number a field holds, or its fallback when the text is empty, not a number or out of range. */
export function numericValue(field: NumericField, text: string): number {
  return resetReason(field, text) === null ? typedNumber(text) : NUMERIC_RULES[field].fallback;
}

/** The allowed values of a field as its hint and its reset notice write them: '0.6–1.2', '0 or more'. */
export function allowedRange(field: NumericField): string {
  const { min, max } = NUMERIC_RULES[field];
  return max === undefined ? `${min} or more` : `${min}–${max}`;
}

/** The field's allowed range for its hint: 'Allowed: 1–4096, whole numbers'. */
export function allowedHint(field: NumericField): string {
  return AGENT_TEXTS.allowed(allowedRange(field), NUMERIC_RULES[field].whole);
}

/** What the field says after the blur rule replaced its text ('Out of range (0.6–1.2): reset to 0.8'); null when it did not. */
export function resetNotice(field: NumericField, text: string): string | null {
  const reason = resetReason(field, text);
  return reason === null ? null : AGENT_TEXTS.numericReset(reason, allowedRange(field), NUMERIC_RULES[field].fallback);
}

/** What the field shows after blur: the valid number it holds, else the fallback. */
export function normalizeNumeric(field: NumericField, text: string): string {
  return String(numericValue(field, text));
}

const str = (value: string | null | undefined) => value ?? '';
const numText = (value: number | null | undefined, fallback: number) =>
  String(typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Form values of a loaded agent; missing fields take the spec's defaults. */
export function toFormValues(agent: Agent): AgentFormValues {
  const d = AGENT_DEFAULTS;
  return {
    name: str(agent.name),
    description: str(agent.description),
    instructions: str(agent.instructions),
    systemMessage: str(agent.systemMessage),
    voice: agent.voice ?? d.voice,
    phoneNumber: agent.phoneNumber || null,
    toolIds: (agent.tools ?? []).map((tool) => tool.id),
    speakFirst: agent.speakFirst ?? d.speakFirst,
    transcription: agent.transcription ?? d.transcription,
    transcription_model: agent.transcription_model ?? d.transcription_model,
    transcription_language: str(agent.transcription_language),
    transcription_prompt: str(agent.transcription_prompt),
    noise_reduction: agent.noise_reduction ?? d.noise_reduction,
    input_audio_format: agent.input_audio_format ?? d.input_audio_format,
    output_audio_format: agent.output_audio_format ?? d.output_audio_format,
    model: agent.model ?? d.model,
    temperature: numText(agent.temperature, d.temperature),
    response_output_tokens_limit: agent.response_output_tokens_limit ?? d.response_output_tokens_limit,
    max_response_output_tokens: numText(agent.max_response_output_tokens, d.max_response_output_tokens),
    turn_detection_type: agent.turn_detection_type ?? d.turn_detection_type,
    prefix_padding_ms: numText(agent.prefix_padding_ms, d.prefix_padding_ms),
    silence_duration_ms: numText(agent.silence_duration_ms, d.silence_duration_ms),
    threshold: numText(agent.threshold, d.threshold),
    eagerness: agent.eagerness ?? d.eagerness,
    keep_history_days: agent.keep_history_days ?? d.keep_history_days,
    record_calls: agent.record_calls ?? d.record_calls,
    builtinFunctions: agent.builtinFunctions ?? BUILTIN_FUNCTION_DEFAULTS,
    knowledgeBots: agent.knowledgeBots ?? [],
  };
}

const NUMERIC_FIELDS = Object.keys(NUMERIC_RULES) as NumericField[];
type PlainField = Exclude<
  keyof AgentFormValues,
  NumericField | 'phoneNumber' | 'toolIds' | 'builtinFunctions' | 'knowledgeBots'
>;

function sameIds(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/** The PATCH body: only fields that differ from `loaded`, tools as ids, names trimmed. */
export function buildPatch(loaded: AgentFormValues, values: AgentFormValues): AgentPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof AgentFormValues)[]) {
    if (key === 'phoneNumber' || key === 'toolIds' || (NUMERIC_FIELDS as string[]).includes(key)) continue;
    if (key === 'knowledgeBots') {
      if (values.knowledgeBots.join() !== loaded.knowledgeBots.join()) patch.knowledgeBots = [...values.knowledgeBots];
      continue;
    }
    if (key === 'builtinFunctions') {
      if (JSON.stringify(values.builtinFunctions) !== JSON.stringify(loaded.builtinFunctions))
        patch.builtinFunctions = values.builtinFunctions;
      continue;
    }
    const field = key as PlainField;
    const value = field === 'name' ? values.name.trim() : values[field];
    if (value !== loaded[field]) patch[field] = value;
  }
  for (const field of NUMERIC_FIELDS) {
    const value = numericValue(field, values[field]);
    if (value !== numericValue(field, loaded[field])) patch[field] = value;
  }
  if (!sameIds(loaded.toolIds, values.toolIds)) patch.tools = [...values.toolIds];
  return patch as AgentPatch;
}
