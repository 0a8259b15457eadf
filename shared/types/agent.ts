import type {
  AudioFormat,
  Eagerness,
  NoiseReduction,
  RealtimeModel,
  TranscriptionModel,
  TurnDetectionType,
  Voice,
} from '../defaults.js';
import type { BuiltinFunctionSettings } from './builtinFunctions.js';

/** A tool as seen from an agent (spec part 1 §3). */
export interface AgentTool {
  id: string;
  name: string;
  description: string;
}

/** A voice agent (spec part 1 §3). */
export interface Agent {
  id: string;
  name: string;
  description: string;
  instructions: string;
  systemMessage?: string | null;
  voice: Voice;
  phoneNumber?: string | null;
  tools: AgentTool[];
  speakFirst: boolean;
  transcription: boolean;
  transcription_model: TranscriptionModel;
  transcription_language: string;
  transcription_prompt: string;
  noise_reduction: NoiseReduction;
  input_audio_format: AudioFormat;
  output_audio_format: AudioFormat;
  temperature: number;
  response_output_tokens_limit: boolean;
  max_response_output_tokens: number;
  model: RealtimeModel;
  turn_detection_type: TurnDetectionType;
  prefix_padding_ms: number;
  silence_duration_ms: number;
  threshold: number;
  eagerness: Eagerness;
  /** Keep history (KEEP_HISTORY_PERIODS, issue 18): null forever, 0 not kept once a call ends, else days. */
  keep_history_days: number | null;
  /** Our addition (issue 21): its calls are recorded, both sides; off by default. */
  record_calls: boolean;
  /**
   * Our addition (issue 23): transfer_call, end_call, press_digits and voicemail on outbound
   * calls, with their settings; all off by default.
   */
  builtinFunctions?: BuiltinFunctionSettings;
  /** Our addition (issue 24): ids of the owner's bots whose knowledge its calls search (search_knowledge); none by default. */
  knowledgeBots?: string[];
}

/** A bot whose knowledge an agent may search (GET /api/agents/knowledge-bots, issue 24). */
export interface KnowledgeBotChoice {
  id: string;
  name: string;
  /** Pages of its knowledge base that are Selected. */
  selectedPages: number;
}

/** PATCH /agents/{id} body: any agent fields, tools given as tool ids. */
export type AgentPatch = Partial<Omit<Agent, 'id' | 'tools'>> & { tools?: string[] };

/** A phone number association (spec part 1 §3). */
export interface PhoneAssociation {
  phoneNumber: string;
  agentId: string;
  agentName?: string;
}

/** An entry of the Twilio account's number list. */
export interface PhoneNumberEntry {
  phoneNumber: string;
}
