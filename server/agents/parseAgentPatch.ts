/**
 * The PATCH /api/agents/:id body guard. The body arrives as `unknown`; every field is checked
 * against the spec's enumerations and ranges (part 1 §5) and every failure names its field, so
 * the console can show the server's text as is. A table rather than a TypeBox schema because
 * the messages must say "between 0.6 and 1.2", not "must be >= 0.6".
 */

import { AGENT_LIMITS } from '../../shared/defaults.js';
import { isPlainObject } from '../../shared/isPlainObject.js';
import { invalidField, validationFailed } from '../core/AppError.js';
import {
  applyFieldRules,
  decimal,
  flag,
  integer,
  keepHistoryDays,
  nameText,
  oneOf,
  ruleFor,
  sameId,
  text,
} from '../core/fieldRules.js';
import type { AgentColumns } from '../db/agents.js';
import { AGENT_CHOICES } from './agentChoices.js';
import { AGENT_NAME_REQUIRED } from './agentLimits.js';
import { parseBuiltinFunctions } from './builtinFunctionSettings.js';
import { parseKnowledgeBots } from './knowledgeBots.js';

const rule = ruleFor<AgentColumns>();

const checkName = nameText(AGENT_LIMITS.nameMaxLength);

/** Wire field (names as in spec part 1 §3) → column and check. */
const RULES = {
  name: rule('name', checkName),
  description: rule('description', text(AGENT_LIMITS.text.description)),
  instructions: rule('instructions', text(AGENT_LIMITS.text.instructions)),
  systemMessage: rule('system_message', text(AGENT_LIMITS.text.systemMessage, { nullable: true })),
  voice: rule('voice', oneOf(AGENT_CHOICES.voice)),
  speakFirst: rule('speak_first', flag),
  transcription: rule('transcription', flag),
  transcription_model: rule('transcription_model', oneOf(AGENT_CHOICES.transcription_model)),
  transcription_language: rule('transcription_language', text(AGENT_LIMITS.text.transcriptionLanguage, { trim: true })),
  transcription_prompt: rule('transcription_prompt', text(AGENT_LIMITS.text.transcriptionPrompt)),
  noise_reduction: rule('noise_reduction', oneOf(AGENT_CHOICES.noise_reduction)),
  input_audio_format: rule('input_audio_format', oneOf(AGENT_CHOICES.input_audio_format)),
  output_audio_format: rule('output_audio_format', oneOf(AGENT_CHOICES.output_audio_format)),
  temperature: rule('temperature', decimal(AGENT_LIMITS.temperature.min, AGENT_LIMITS.temperature.max)),
  response_output_tokens_limit: rule('response_output_tokens_limit', flag),
  max_response_output_tokens: rule(
    'max_response_output_tokens',
    integer(AGENT_LIMITS.maxResponseOutputTokens.min, AGENT_LIMITS.maxResponseOutputTokens.max),
  ),
  model: rule('model', oneOf(AGENT_CHOICES.model)),
  turn_detection_type: rule('turn_detection_type', oneOf(AGENT_CHOICES.turn_detection_type)),
  prefix_padding_ms: rule('prefix_padding_ms', integer(0)),
  silence_duration_ms: rule('silence_duration_ms', integer(0)),
  threshold: rule('threshold', decimal(AGENT_LIMITS.threshold.min, AGENT_LIMITS.threshold.max)),
  eagerness: rule('eagerness', oneOf(AGENT_CHOICES.eagerness)),
  keep_history_days: rule('keep_history_days', keepHistoryDays),
  record_calls: rule('record_calls', flag),
};

export interface ParsedAgentPatch {
  changes: Partial<AgentColumns>;
  /** The new tool list in order (ids, not yet checked for ownership); undefined leaves it. */
  toolIds?: string[];
  /** The phoneNumber the body carried, if any: only an unchanged value is accepted. */
  phoneNumber?: string | null;
  /** The bots whose knowledge the agent searches (not yet checked for ownership); undefined leaves them. */
  knowledgeBots?: string[];
}

/** Tool ids as the AgentPatch type says, or the tool objects GET answered (a console sending the list back). */
function parseToolIds(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidField('tools', 'must be a list of tool ids');
  if (value.length > AGENT_LIMITS.maxTools)
    throw invalidField('tools', `must hold at most ${AGENT_LIMITS.maxTools} tools`);
  const ids = value.map((item: unknown) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    if (typeof id !== 'string' || id === '' || id.length > 100)
      throw invalidField('tools', 'must be a list of tool ids');
    return id;
  });
  return [...new Set(ids)];
}

function parsePhoneNumber(value: unknown): string | null {
  if (value === null || typeof value === 'string') return value === '' ? null : value;
  throw invalidField('phoneNumber', 'must be a string or null');
}

/** The name of a new agent: trimmed and required ('Agent name is required', spec part 1 §5), length-limited. */
export function parseAgentName(value: unknown): string {
  const checked = checkName(value ?? '');
  if (!checked.ok) throw invalidField('name', checked.error);
  if (checked.value === '') throw validationFailed(AGENT_NAME_REQUIRED);
  return checked.value;
}

/** Validates a PATCH body for the agent `agentId`; throws a 400 naming the first bad field. */
export function parseAgentPatch(body: unknown, agentId: string): ParsedAgentPatch {
  if (body === undefined || body === null) return { changes: {} };
  if (!isPlainObject(body)) throw invalidField('body', 'must be an object');
  const changes: Partial<AgentColumns> = {};
  const { tools, phoneNumber, builtinFunctions, knowledgeBots } = applyFieldRules(RULES, body, changes, {
    tools: parseToolIds,
    phoneNumber: parsePhoneNumber,
    id: sameId(agentId, 'agent'),
    builtinFunctions: parseBuiltinFunctions,
    knowledgeBots: parseKnowledgeBots,
  });
  if (knowledgeBots !== undefined) changes.knowledge_bots = JSON.stringify(knowledgeBots);
  if (builtinFunctions !== undefined) changes.builtin_functions = builtinFunctions;
  if (changes.name === '') throw validationFailed(AGENT_NAME_REQUIRED);
  return { changes, toolIds: tools, phoneNumber, knowledgeBots };
}
