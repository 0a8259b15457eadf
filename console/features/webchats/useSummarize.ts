import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/index.js';
import { useToast } from '../../components/ToastProvider.js';
import { useApi } from '../../lib/ApiProvider.js';
import { serverErrorText } from '../../lib/errors.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';
import type { UpdateKnowledge } from './useWebchatEditor.js';

/** Answers the user fixes in Settings (server/llm/openaiForUser.ts): a missing or refused key. */
const KEY_PROBLEMS = new Set(['missing_credentials', 'openai_auth_failed']);

/** The text to show for a failed summary (spec part 2 §8 "Crawl and summary"). */
function failureText(error: unknown): string {
  const reason = serverErrorText(error);
  if (error instanceof ApiError && error.status === 413) {
    // Our server names the limit after the spec's words; a proxy's 413 says something else.
    return reason?.startsWith(TEXTS.textTooLarge) ? reason : TEXTS.textTooLarge;
  }
  if (error instanceof ApiError && error.code === 'no_content') return TEXTS.noContentToSummarize;
  return reason ? `${TEXTS.summarizeFailed}: ${reason}` : TEXTS.summarizeFailed;
}

/**
 * Summarize Content (issue 9): sends the selected content, puts the summary in the form. Held by
 * the bot page like the crawl, so switching tabs does not lose an answer on its way.
 */
export function useSummarize(updateKnowledge: UpdateKnowledge) {
  const api = useApi();
  const toast = useToast();
  const [summarizing, setSummarizing] = useState(false);
  /** The server's words when the OpenAI key needs fixing in Settings; shown until the next try. */
  const [keyProblem, setKeyProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const summarize = async (content: string): Promise<void> => {
    if (controller.current) return;
    if (content.trim() === '') {
      toast.error(TEXTS.noContentToSummarize, { key: 'summarize' });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setSummarizing(true);
    setKeyProblem(null);
    try {
      const { summary } = await api.knowledge.summarize(content, { signal: abort.signal });
      if (abort.signal.aborted) return;
      updateKnowledge((current) => ({ ...current, summary }));
      toast.success(TEXTS.summarized, { key: 'summarize' });
    } catch (error) {
      if (abort.signal.aborted) return;
      if (error instanceof ApiError && error.code && KEY_PROBLEMS.has(error.code))
        setKeyProblem(serverErrorText(error) ?? null);
      toast.error(failureText(error), { key: 'summarize' });
    } finally {
      if (!abort.signal.aborted) {
        controller.current = null;
        setSummarizing(false);
      }
    }
  };

  return { summarizing, keyProblem, summarize };
}

export type SummarizeControls = ReturnType<typeof useSummarize>;
