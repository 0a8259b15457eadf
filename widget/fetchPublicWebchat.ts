import { STARTER_QUESTIONS_LIMITS } from '../shared/defaults.js';
import type { Appearance, PublicWebchatConfig } from '../shared/types/webchat.js';
import { readAppearance } from './readAppearance.js';
import { readLeadForm } from './readLeadForm.js';

/**
 * What the integration script needs from `GET /api/widget/webchats/{id}` (PublicWebchatConfig).
 * A title or welcome message the server leaves out reads as empty (an empty title falls back to
 * the appearance's chat title); the appearance keeps only what readAppearance finds usable.
 */
export type BotConfig = Pick<
  PublicWebchatConfig,
  'name' | 'title' | 'welcomeMessage' | 'starterQuestions' | 'talkToPerson' | 'leadCapture'
> & {
  appearance: Partial<Appearance>;
};

/** The server's answer when the bot's allowed sites leave this page out (a 403). */
export const NOT_ALLOWED = 'notAllowed';

/**
 * Loads a bot's public configuration from the Switchboard server at `origin`. Resolves null
 * when the bot doesn't exist, is inactive or the answer isn't a bot, NOT_ALLOWED when the bot
 * may not be loaded on this page; rejects on network failure.
 */
export async function fetchPublicWebchat(origin: string, id: string): Promise<BotConfig | typeof NOT_ALLOWED | null> {
  // No cookies: the widget runs on customer sites and the endpoint is public.
  const response = await fetch(`${origin}/api/widget/webchats/${encodeURIComponent(id)}`, { credentials: 'omit' });
  if (response.status === 403) return NOT_ALLOWED;
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) return null;
  const { name, title, welcomeMessage, starterQuestions, talkToPerson, leadCapture, appearance, enabled } =
    body as Record<string, unknown>;
  if (typeof name !== 'string' || enabled === false) return null;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const questions = Array.isArray(starterQuestions) ? starterQuestions.filter((q) => typeof q === 'string' && q) : [];
  return {
    name,
    title: text(title),
    welcomeMessage: text(welcomeMessage),
    starterQuestions: questions.slice(0, STARTER_QUESTIONS_LIMITS.max),
    talkToPerson: talkToPerson === true,
    leadCapture: readLeadForm(leadCapture),
    appearance: readAppearance(appearance),
  };
}
