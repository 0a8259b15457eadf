import type { LeadCapture } from '../leadCapture.js';
import type { WebchatKnowledge } from './knowledge.js';

/** Bot appearance, snake_case as on the wire (spec part 2 §3). */
export interface Appearance {
  primary_color: string;
  secondary_color: string;
  background_color: string;
  user_message_color: string;
  assistant_message_color: string;
  system_message_color: string;
  user_message_text_color: string;
  assistant_message_text_color: string;
  avatar_image: string | null;
  chat_title: string;
  ad_message: string;
  ad_background: string;
  ad_text_color: string;
  ad_btn_color: string;
  is_ad_message: boolean;
}

/** A web chat bot as the server sends it (snake_case, spec part 2 §3). */
export interface Webchat {
  id: string;
  name: string;
  description: string;
  system_prompt: string;
  welcome_message: string;
  model: string;
  temperature: number;
  enabled: boolean;
  /** Stored as WEBCHAT_DEFAULTS.toolRecursionDepth when sent empty or null. */
  tool_recursion_depth: number;
  /**
   * Seconds: the bot's memory, how far back earlier messages of a visitor's conversation are sent
   * to the model and shown to a reloading visitor; 0 is no memory between messages.
   */
  short_term_messages_retention_period: number;
  /** Keep history (KEEP_HISTORY_PERIODS): null forever, 0 not kept once a conversation ends, else days. */
  keep_history_days: number | null;
  /** Ids of the owner's tools, in their saved order. */
  tools: string[];
  created_at: number;
  updated_at: number;
  appearance: Appearance;
  /**
   * Origins whose pages may load the bot (shared/allowedSites.ts), canonical: `https://example.com`,
   * `https://*.example.com`. Empty: any site.
   */
  allowed_sites: string[];
  /** Suggested first questions (at most WEBCHAT_LIMITS.starterQuestions.max) the widget shows as chips. */
  starter_questions: string[];
  /** Issue 23: the widget offers "Talk to a person" (the console then shows the waiting conversation). */
  talk_to_person: boolean;
  /** The contact form (issue 25; shared/leadCapture.ts). */
  lead_capture: LeadCapture;
  /**
   * Conversations with a visitor message in the last 10 minutes (CHAT_LIMITS.activeWindowMs):
   * the card's '{n} active'. In every answer about bots.
   */
  active_conversations: number;
  /** In the answers about one bot (GET, POST and PUT /webchats/{id}); the list leaves it out. */
  knowledge?: WebchatKnowledge;
  /**
   * Visitors' thumbs up and down on the bot's answers over the last FEEDBACK_WINDOW_DAYS days
   * (issue 25): the card's counts. In the list only.
   */
  recent_feedback?: { up: number; down: number };
}

/** The days the bot card's thumbs count back. */
export const FEEDBACK_WINDOW_DAYS = 30;

/**
 * POST /webchats and PUT /webchats/{id} body (spec part 2 §7). POST needs name and description;
 * PUT changes only the fields it carries. `appearance`, when sent, is taken whole: keys left out
 * get DEFAULT_APPEARANCE's values. Empty or null tool_recursion_depth means the default (10).
 */
export interface WebchatInput {
  name?: string;
  description?: string;
  system_prompt?: string;
  welcome_message?: string;
  model?: string;
  temperature?: number;
  enabled?: boolean;
  tool_recursion_depth?: number | null | '';
  short_term_messages_retention_period?: number;
  /** Entries as typed (a bare host means https); stored canonical. */
  allowed_sites?: string[];
  /** Trimmed; empty ones left out. */
  starter_questions?: string[];
  talk_to_person?: boolean;
  /** Checked whole; a field named by its path (`lead_capture.fields[1].label`) when wrong. */
  lead_capture?: LeadCapture;
  /** Left out on create: forever. */
  keep_history_days?: number | null;
  tools?: string[];
  appearance?: Partial<Appearance>;
  /** Replaces the whole knowledge base; left out, it is kept. */
  knowledge?: WebchatKnowledge;
}

/** A demo link of a bot (spec part 2 §3). */
export interface Demo {
  /** Unguessable (at least 128 random bits, base64url): the public page's address carries it. */
  id: string;
  link: string;
  created_at: number;
  /** `{PUBLIC_URL}/demo/{id}`. */
  accessUrl: string | null;
  webchatId: string;
}

/** POST /webchats/create-demo body. */
export interface CreateDemoRequest {
  link: string;
  webchatId: string;
}

/** GET /webchats/integration-script answer. */
export interface IntegrationScriptResponse {
  integrationScript: string;
}

/** GET /api/widget/webchats/{id} answer (ARCHITECTURE.md, widget protocol). */
export interface PublicWebchat {
  id: string;
  name: string;
  welcomeMessage: string;
  /** Suggested first questions, shown under the welcome message until the visitor writes. */
  starterQuestions: string[];
  /** Issue 23: the widget offers "Talk to a person". */
  talkToPerson: boolean;
  /** The contact form to show; null while lead capture is off. */
  leadCapture: LeadCapture | null;
  appearance: Appearance;
}

/**
 * What the server answers at GET /api/widget/webchats/{id}: PublicWebchat plus the chat title and
 * the enabled flag (always true: inactive bots answer 404). Never the prompt, tools or owner.
 */
export interface PublicWebchatConfig extends PublicWebchat {
  title: string;
  enabled: boolean;
}
