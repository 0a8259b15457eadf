/**
 * Enumerations, defaults and limits from the spec (part 1 §5 and §9, part 2 §5 and §9).
 * Server validation and console forms both read them from here.
 */
import type { Appearance } from './types/webchat.js';

export const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse'] as const;
export type Voice = (typeof VOICES)[number];

export const TRANSCRIPTION_MODELS = ['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe'] as const;
export type TranscriptionModel = (typeof TRANSCRIPTION_MODELS)[number];

export const NOISE_REDUCTIONS = ['none', 'near_field', 'far_field'] as const;
export type NoiseReduction = (typeof NOISE_REDUCTIONS)[number];

export const AUDIO_FORMATS = ['pcm16', 'g711_ulaw', 'g711_alaw'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

export const REALTIME_MODELS = ['4o-mini', '4o-preview', '4o-realtime'] as const;
export type RealtimeModel = (typeof REALTIME_MODELS)[number];

export const TURN_DETECTION_TYPES = ['server_vad', 'semantic_vad'] as const;
export type TurnDetectionType = (typeof TURN_DETECTION_TYPES)[number];

export const EAGERNESS_LEVELS = ['low', 'medium', 'high'] as const;
export type Eagerness = (typeof EAGERNESS_LEVELS)[number];

/**
 * "Keep history" of an agent or bot (issue 18, not in the spec): how long its calls or chats stay
 * in Sessions, Conversations, search and exports. null keeps them forever (the default, and what
 * every agent and bot from before the setting keeps), 0 keeps none once it ends, else these days.
 */
export const KEEP_HISTORY_PERIODS = [7, 30, 90, 365] as const;
export type KeepHistoryDays = number | null;
export const KEEP_HISTORY_DEFAULT: KeepHistoryDays = null;

/** Whether `value` is a Keep history setting: null, 0 or one of KEEP_HISTORY_PERIODS. */
export function isKeepHistoryDays(value: unknown): value is KeepHistoryDays {
  return value === null || value === 0 || (KEEP_HISTORY_PERIODS as readonly unknown[]).includes(value);
}

/** Agent defaults (part 1 §9; speakFirst/transcription false per §3). */
export const AGENT_DEFAULTS = {
  description: '',
  instructions: '',
  systemMessage: '',
  voice: 'alloy' as Voice,
  speakFirst: false,
  transcription: false,
  transcription_model: 'whisper-1' as TranscriptionModel,
  transcription_language: '',
  transcription_prompt: '',
  noise_reduction: 'none' as NoiseReduction,
  input_audio_format: 'g711_ulaw' as AudioFormat,
  output_audio_format: 'g711_ulaw' as AudioFormat,
  temperature: 0.8,
  response_output_tokens_limit: false,
  max_response_output_tokens: 2048,
  model: '4o-mini' as RealtimeModel,
  turn_detection_type: 'server_vad' as TurnDetectionType,
  prefix_padding_ms: 300,
  silence_duration_ms: 500,
  threshold: 0.5,
  eagerness: 'medium' as Eagerness,
  keep_history_days: KEEP_HISTORY_DEFAULT,
  /** Recording is off until the operator turns it on knowingly (consent laws, issue 21). */
  record_calls: false,
} as const;

/** Agent numeric ranges (part 1 §5). */
export const AGENT_LIMITS = {
  nameMaxLength: 100,
  /** Text lengths the spec leaves open; they keep one agent to a sane size. */
  text: {
    description: 2_000,
    instructions: 100_000,
    systemMessage: 100_000,
    /** A language code such as en, es, fr (part 1 §5), or a longer BCP 47 tag. */
    transcriptionLanguage: 35,
    transcriptionPrompt: 10_000,
  },
  maxTools: 128,
  /** Bots whose knowledge one agent may search during a call (issue 24). */
  maxKnowledgeBots: 5,
  temperature: { min: 0.6, max: 1.2, step: 0.1 },
  maxResponseOutputTokens: { min: 1, max: 4096 },
  threshold: { min: 0, max: 1 },
} as const;

/** Real-time connection and timing constants (part 1 §9). */
export const REALTIME = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  pingIntervalMs: 30_000,
  logoutWaitMs: 100,
  authFailureCloseCode: 4001,
} as const;

/** Reconnect delay after `attempt` failed attempts: 1000 ms × 2^attempt, capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(REALTIME.baseDelayMs * 2 ** attempt, REALTIME.maxDelayMs);
}

export const UI_TIMING = {
  toastMs: 6000,
  shortToastMs: 4000,
  deleteRedirectMs: 1500,
  createBotRedirectMs: 500,
  copiedMs: 2000,
  durationTickMs: 1000,
} as const;

export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'auth_user',
  impersonation: 'admin_impersonation_state',
} as const;

export const IMPERSONATE_HEADER = 'X-Impersonate-User-Id';

export const ENDED_SESSIONS_PAGE_SIZES = [5, 10, 25, 50] as const;
export const ENDED_SESSIONS_DEFAULT_LIMIT = 10;
/** A session's transcript scrolls past this height (part 1 §9). */
export const TRANSCRIPT_MAX_HEIGHT_PX = 500;

/** Breakpoints in px (part 1 §9); the bar becomes a drawer below md. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export const BRAND = { purple: '#6D28D9' } as const;

export const PASSWORD_MIN_LENGTH = 6;

/** Web chat bot defaults (part 2 §3 and §9). */
export const WEBCHAT_MODELS = ['gpt-4o-mini', 'gpt-4o'] as const;
export type WebchatModel = (typeof WEBCHAT_MODELS)[number];

export const WEBCHAT_DEFAULTS = {
  description: 'Web chat bot with default settings',
  systemPrompt: 'You are a helpful assistant. Answer in one or two short sentences.',
  welcomeMessage: 'Hi there! How can I assist you today? 👋',
  model: 'gpt-4o-mini' as WebchatModel,
  temperature: 0.7,
  enabled: true,
  toolRecursionDepth: 10,
  shortTermMessagesRetentionPeriod: 7200,
  keepHistoryDays: KEEP_HISTORY_DEFAULT,
} as const;

/**
 * Suggested first questions the widget shows (issue 25): at most this many, each this long. Its own
 * constant so the widget, which needs only this, doesn't carry all of WEBCHAT_LIMITS.
 */
export const STARTER_QUESTIONS_LIMITS = { max: 4, maxChars: 120 } as const;

export const WEBCHAT_LIMITS = {
  temperature: { min: 0, max: 2, step: 0.1 },
  toolRecursionDepth: { min: 1, max: 100 },
  avatarMaxPx: 256,
  avatarJpegQuality: 0.7,
  previewChars: 200,
  cutChars: 50,
  /** Text lengths the spec leaves open; the server refuses longer ones naming the field. */
  text: {
    name: 100,
    description: 2_000,
    systemPrompt: 100_000,
    welcomeMessage: 2_000,
    model: 100,
    chatTitle: 100,
    adMessage: 500,
  },
  maxTools: 128,
  starterQuestions: STARTER_QUESTIONS_LIMITS,
  /** An uploaded avatar (data URL), decoded; the console's 256 px JPEG stays far below it. */
  avatarMaxBytes: 256 * 1024,
  avatarUrlMaxLength: 2_048,
  demoLinkMaxLength: 2_048,
} as const;

/** Image types an avatar data URL may carry (the server checks the bytes match). */
export const AVATAR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa. Nothing else reaches the widget's styles. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export const DEFAULT_APPEARANCE: Appearance = {
  primary_color: '#0084ff',
  secondary_color: '#006bbd',
  background_color: '#ffffff',
  user_message_color: '#0084ff',
  assistant_message_color: '#f1f0f0',
  system_message_color: '#696969',
  user_message_text_color: '#ffffff',
  assistant_message_text_color: '#000000',
  avatar_image: null,
  chat_title: 'Chat with our AI assistant',
  ad_message: '',
  ad_background: '#ffffff',
  ad_text_color: '#344054',
  ad_btn_color: '#000000',
  is_ad_message: false,
};

/** Editor heights in px (part 2 §9). */
export const EDITOR_HEIGHTS = { parameters: 300, handler: 400 } as const;
