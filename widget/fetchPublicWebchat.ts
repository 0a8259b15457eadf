import { DEFAULT_APPEARANCE } from '../shared/defaults.js';
import type { PublicWebchat } from '../shared/types/webchat.js';
import { readAppearance } from './models/readAppearance.js';

/**
 * Loads a bot's public configuration from the Switchboard server at `origin`. Resolves null
 * when the bot doesn't exist, is inactive or the answer isn't a bot; rejects on network failure.
 */
export async function fetchPublicWebchat(origin: string, id: string): Promise<PublicWebchat | null> {
  // No cookies: the widget runs on customer sites and the endpoint is public.
  const response = await fetch(`${origin}/api/widget/webchats/${encodeURIComponent(id)}`, { credentials: 'omit' });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) return null;
  const { name, welcomeMessage, appearance } = body as Record<string, unknown>;
  if (typeof name !== 'string') return null;
  return {
    id,
    name,
    welcomeMessage: typeof welcomeMessage === 'string' ? welcomeMessage : '',
    appearance: { ...DEFAULT_APPEARANCE, ...readAppearance(appearance) },
  };
}
