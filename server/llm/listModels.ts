/**
 * `GET {base}/models` with a bearer key: the cheapest call that proves a key works, at OpenAI and
 * at the OpenAI-compatible providers OPENAI_BASE_URL may point at. Settings checks a key with it.
 */
import { CallDeadline } from './CallDeadline.js';
import { readProviderError } from './LlmError.js';

export interface ListModelsOptions {
  /** https://api.openai.com/v1 in production. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface ModelList {
  /** How many models the key may use. */
  count: number;
  /** The `openai-organization` header: the organization OpenAI bills this key to, when it says. */
  organization: string | null;
}

/** The models the key sees; every failure is an LlmError (auth for a refused key, timeout, network…). */
export async function listModels(options: ListModelsOptions): Promise<ModelList> {
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const deadline = new CallDeadline(undefined, options.timeoutMs);
  try {
    const response = await fetcher(`${options.baseUrl.replace(/\/+$/, '')}/models`, {
      headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
      signal: deadline.signal,
    });
    if (!response.ok) throw await readProviderError(response);
    const body = (await response.json()) as { data?: unknown } | null;
    return {
      count: Array.isArray(body?.data) ? body.data.length : 0,
      organization: response.headers.get('openai-organization')?.trim() || null,
    };
  } catch (error) {
    throw deadline.translate(error);
  } finally {
    deadline.dispose();
  }
}
