/** The wire shape of an agent (spec part 1 §3) from its stored row. */
import { AGENT_DEFAULTS } from '../../shared/defaults.js';
import type { Agent } from '../../shared/types/agent.js';
import type { AgentWithTools } from '../db/agents.js';
import { AGENT_CHOICES } from './agentChoices.js';
import { builtinFunctionSettings } from './builtinFunctionSettings.js';
import { knowledgeBotsOf } from './knowledgeBots.js';

/** Rows are written through validation; a value outside its enumeration (say, from an older
 * release's list) reads as the default rather than reaching the console as an unknown option. */
function known<T extends string>(allowed: readonly T[], value: string, fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function toAgent({ row, tools }: AgentWithTools): Agent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    systemMessage: row.system_message,
    voice: known(AGENT_CHOICES.voice, row.voice, AGENT_DEFAULTS.voice),
    phoneNumber: row.phone_number,
    tools,
    speakFirst: Boolean(row.speak_first),
    transcription: Boolean(row.transcription),
    transcription_model: known(
      AGENT_CHOICES.transcription_model,
      row.transcription_model,
      AGENT_DEFAULTS.transcription_model,
    ),
    transcription_language: row.transcription_language,
    transcription_prompt: row.transcription_prompt,
    noise_reduction: known(AGENT_CHOICES.noise_reduction, row.noise_reduction, AGENT_DEFAULTS.noise_reduction),
    input_audio_format: known(
      AGENT_CHOICES.input_audio_format,
      row.input_audio_format,
      AGENT_DEFAULTS.input_audio_format,
    ),
    output_audio_format: known(
      AGENT_CHOICES.output_audio_format,
      row.output_audio_format,
      AGENT_DEFAULTS.output_audio_format,
    ),
    temperature: row.temperature,
    response_output_tokens_limit: Boolean(row.response_output_tokens_limit),
    max_response_output_tokens: row.max_response_output_tokens,
    model: known(AGENT_CHOICES.model, row.model, AGENT_DEFAULTS.model),
    turn_detection_type: known(
      AGENT_CHOICES.turn_detection_type,
      row.turn_detection_type,
      AGENT_DEFAULTS.turn_detection_type,
    ),
    prefix_padding_ms: row.prefix_padding_ms,
    silence_duration_ms: row.silence_duration_ms,
    threshold: row.threshold,
    eagerness: known(AGENT_CHOICES.eagerness, row.eagerness, AGENT_DEFAULTS.eagerness),
    keep_history_days: row.keep_history_days,
    record_calls: row.record_calls === 1,
    builtinFunctions: builtinFunctionSettings(row.builtin_functions),
    knowledgeBots: knowledgeBotsOf(row.knowledge_bots),
  };
}
