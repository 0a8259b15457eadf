/**
 * The one `session.update` that configures a call's Realtime session from every agent setting
 * (spec part 1 §3, VOICE.md §2.3). GA has no temperature, so the agent's is not sent (the agent
 * page says the current models ignore it). Turn detection always creates and interrupts
 * responses itself, so barge-in never needs a client `response.cancel`.
 */
import {
  AGENT_DEFAULTS,
  AUDIO_FORMATS,
  type AudioFormat,
  EAGERNESS_LEVELS,
  NOISE_REDUCTIONS,
  REALTIME_MODELS,
} from '../../shared/defaults.js';
import { substituteValues } from '../../shared/template.js';
import { BUILTIN_FUNCTION_NAMES, type BuiltinFunctionSettings } from '../../shared/types/builtinFunctions.js';
import { builtinFunctionSettings } from '../agents/builtinFunctionSettings.js';
import { knowledgeBotsOf } from '../agents/knowledgeBots.js';
import type { AgentRecord } from '../db/agents.js';
import type { OfferedTool } from '../db/offeredTools.js';
import { providerFunctions } from '../tools/providerFunctions.js';
import { sessionAudioFormat } from './audio/callAudio.js';
import type { BuiltinFunction } from './builtins/BuiltinFunction.js';
import { offeredBuiltins } from './builtins/builtinFunctions.js';
import type { RealtimeModelMap } from './realtimeModels.js';
import type { RealtimeFunctionTool, RealtimeSessionConfig, RealtimeTurnDetection } from './realtimeProtocol.js';

export interface SessionSetup {
  config: RealtimeSessionConfig;
  /** Provider tool name → the tool it runs. */
  toolsByName: Map<string, OfferedTool>;
  /** The built-in functions the agent turned on (issue 23), by name, and their settings. */
  builtinsByName: Map<string, BuiltinFunction>;
  builtinSettings: BuiltinFunctionSettings;
  /** The bots whose knowledge search_knowledge searches (issue 24). */
  knowledgeBots: string[];
}

function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function audioFormat(value: string): AudioFormat {
  return oneOf(value, AUDIO_FORMATS, AGENT_DEFAULTS.input_audio_format);
}

function turnDetection(agent: AgentRecord): RealtimeTurnDetection {
  const common = { create_response: true, interrupt_response: true };
  if (agent.turn_detection_type === 'semantic_vad') {
    return {
      type: 'semantic_vad',
      eagerness: oneOf(agent.eagerness, EAGERNESS_LEVELS, AGENT_DEFAULTS.eagerness),
      ...common,
    };
  }
  return {
    type: 'server_vad',
    threshold: agent.threshold,
    prefix_padding_ms: agent.prefix_padding_ms,
    silence_duration_ms: agent.silence_duration_ms,
    ...common,
  };
}

function transcription(agent: AgentRecord): RealtimeSessionConfig['audio']['input']['transcription'] {
  if (!agent.transcription) return null;
  return {
    model: agent.transcription_model,
    ...(agent.transcription_language.trim() ? { language: agent.transcription_language.trim() } : {}),
    ...(agent.transcription_prompt.trim() ? { prompt: agent.transcription_prompt } : {}),
  };
}

/** The system message, then the instructions, with the owner's `{{NAME}}` values filled in. */
export function sessionInstructions(agent: AgentRecord, values: Readonly<Record<string, string>>): string {
  return [agent.system_message, agent.instructions]
    .map((text) => substituteValues(text, values).trim())
    .filter(Boolean)
    .join('\n\n');
}

export function buildSessionSetup(
  agent: AgentRecord,
  tools: readonly OfferedTool[],
  values: Readonly<Record<string, string>>,
  models: RealtimeModelMap,
): SessionSetup {
  const builtinSettings = builtinFunctionSettings(agent.builtin_functions);
  const knowledgeBots = knowledgeBotsOf(agent.knowledge_bots);
  const builtins = offeredBuiltins(builtinSettings, { knowledgeBots });
  // Every reserved name stays off the agent's own tools, offered or not, so a name means one thing.
  const { functions, byName: toolsByName } = providerFunctions(tools, BUILTIN_FUNCTION_NAMES);
  const functionTools: RealtimeFunctionTool[] = [...builtins.functions, ...functions].map((fn) => ({
    type: 'function',
    ...fn,
  }));
  const noiseReduction = oneOf(agent.noise_reduction, NOISE_REDUCTIONS, 'none');
  const config: RealtimeSessionConfig = {
    type: 'realtime',
    model: models[oneOf(agent.model, REALTIME_MODELS, AGENT_DEFAULTS.model)],
    output_modalities: ['audio'],
    instructions: sessionInstructions(agent, values),
    audio: {
      input: {
        format: sessionAudioFormat(audioFormat(agent.input_audio_format)),
        noise_reduction: noiseReduction === 'none' ? null : { type: noiseReduction },
        transcription: transcription(agent),
        turn_detection: turnDetection(agent),
      },
      output: { format: sessionAudioFormat(audioFormat(agent.output_audio_format)), voice: agent.voice },
    },
    tools: functionTools,
    tool_choice: 'auto',
    max_output_tokens: agent.response_output_tokens_limit ? agent.max_response_output_tokens : 'inf',
  };
  return { config, toolsByName, builtinsByName: builtins.byName, builtinSettings, knowledgeBots };
}
