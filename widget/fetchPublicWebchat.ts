import type { Appearance } from '../shared/types/webchat.js';
import { readAppearance } from './readAppearance.js';

/** What the integration script needs from `GET /api/widget/webchats/{id}`. */
export interface BotConfig {
  name: string;
  /** The chat's heading; empty when the server sends none (the appearance's chat title then). */
  title: string;
  welcomeMessage: string;
  appearance: Partial<Appearance>;
}

/**
 * Loads a bot's public configuration from the Switchboard server at `origin`. Resolves null
 * when the bot doesn't exist, is inactive or the answer isn't a bot; rejects on network failure.
 */
export async function fetchPublicWebchat(origin: string, id: string): Promise<BotConfig | null> {
  // No cookies: the widget runs on customer sites and the endpoint is public.
  const response = await fetch(`${origin}/api/widget/webchats/${encodeURIComponent(id)}`, { credentials: 'omit' });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) return null;
  const { name, title, welcomeMessage, appearance, enabled } = body as Record<string, unknown>;
  if (typeof name !== 'string' || enabled === false) return null;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return { name, title: text(title), welcomeMessage: text(welcomeMessage), appearance: readAppearance(appearance) };
}
