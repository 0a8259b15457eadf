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
  tool_recursion_depth: number | null;
  short_term_messages_retention_period: number;
  tools: string[];
  created_at: number;
  updated_at: number;
  appearance: Appearance;
}

export type WebchatInput = Omit<Webchat, 'id' | 'created_at' | 'updated_at' | 'appearance'> & {
  appearance?: Appearance;
};

/** A demo link of a bot (spec part 2 §3). */
export interface Demo {
  id: string;
  link: string;
  created_at: number;
  accessUrl: string | null;
  webchatId: string;
}

/** GET /webchats/crawl answer (spec part 2 §3). */
export interface CrawlResult {
  urls: string[];
  content: Record<string, string>;
}

/** GET /api/widget/webchats/{id} answer (ARCHITECTURE.md, widget protocol). */
export interface PublicWebchat {
  id: string;
  name: string;
  welcomeMessage: string;
  appearance: Appearance;
}
