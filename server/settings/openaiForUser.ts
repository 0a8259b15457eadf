/**
 * A Chat Completions client for one user, with the OpenAI key saved in their Settings and the
 * configured OPENAI_BASE_URL: the one way summaries and the web chat engine reach a user's model.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../core/AppError.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import { ChatCompletionsClient } from '../llm/ChatCompletionsClient.js';
import { getAccountSecrets } from './accountSecrets.js';

export const MISSING_OPENAI_KEY = 'The OpenAI API key is missing. Add your OpenAI API key in Settings.';

/** What finding a user's client takes: the app itself, or an engine's own slice of it. */
export interface OpenaiServices {
  db: Kysely<Database>;
  secretBox: SecretBox;
  config: { openaiBaseUrl: string };
}

/** The user's client, or null when they have not saved a key. */
export async function findOpenaiForUser(
  app: OpenaiServices,
  userId: string,
  options: { timeoutMs?: number } = {},
): Promise<ChatCompletionsClient | null> {
  const { openaiApiKey } = await getAccountSecrets(app.db, app.secretBox, userId);
  if (!openaiApiKey) return null;
  return new ChatCompletionsClient({
    baseUrl: app.config.openaiBaseUrl,
    apiKey: openaiApiKey,
    timeoutMs: options.timeoutMs,
  });
}

/** The user's client; a 400 `missing_credentials` answer when they have not saved a key. */
export async function openaiForUser(
  app: OpenaiServices,
  userId: string,
  options: { timeoutMs?: number } = {},
): Promise<ChatCompletionsClient> {
  const client = await findOpenaiForUser(app, userId, options);
  if (!client) throw new AppError('missing_credentials', MISSING_OPENAI_KEY);
  return client;
}
