/**
 * Summaries of crawled website text for a bot's knowledge base. Text that fits one request's
 * budget is summarized at once; longer text is cut into chunks summarized side by side (map),
 * whose summaries are merged, in groups again while they do not fit, into one (reduce).
 */

import { splitText } from '../core/splitText.js';
import type { ChatCompletionsClient } from './ChatCompletionsClient.js';
import { mapLimit } from './mapLimit.js';
import type { SummarizeConfig } from './summarizeLimits.js';

const SYSTEM_PROMPT = [
  "You summarize website content for a customer-support chat bot's knowledge base.",
  'Keep every concrete fact a visitor might ask about: products and services, prices, opening hours, contact details, addresses, policies and names.',
  'Leave out navigation, boilerplate and repetition. Write plain text in the language of the content.',
].join(' ');

/** Reduce rounds before the remaining summaries are cut to fit; each round shrinks them many times over. */
const MAX_REDUCE_ROUNDS = 4;

type Summarizer = Pick<ChatCompletionsClient, 'complete'>;

export async function summarizeText(
  llm: Summarizer,
  text: string,
  limits: SummarizeConfig,
  signal?: AbortSignal,
): Promise<string> {
  const ask = async (prompt: string, maxTokens: number, callSignal?: AbortSignal) => {
    const answer = await llm.complete(
      {
        model: limits.model,
        temperature: 0.2,
        max_tokens: maxTokens,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
      },
      { signal: callSignal ?? signal },
    );
    return answer.text.trim();
  };

  const chunks = splitText(text, limits.chunkChars);
  if (chunks.length <= 1) return ask(`Summarize this website content:\n\n${text.trim()}`, limits.summaryTokens);

  let summaries = await mapLimit(chunks, limits.concurrency, signal, (chunk, i, s) =>
    ask(
      `Part ${i + 1} of ${chunks.length} of one website's content. Summarize this part:\n\n${chunk}`,
      limits.chunkSummaryTokens,
      s,
    ),
  );
  for (let round = 0; joined(summaries).length > limits.chunkChars; round += 1) {
    if (round === MAX_REDUCE_ROUNDS) {
      summaries = [joined(summaries).slice(0, limits.chunkChars)];
      break;
    }
    const groups = splitText(joined(summaries), limits.chunkChars);
    summaries = await mapLimit(groups, limits.concurrency, signal, (group, _i, s) =>
      ask(mergePrompt(group), limits.chunkSummaryTokens, s),
    );
  }
  return ask(mergePrompt(joined(summaries)), limits.summaryTokens);
}

function joined(summaries: string[]): string {
  return summaries.join('\n\n');
}

function mergePrompt(summaries: string): string {
  return `Summaries of parts of one website follow. Merge them into one summary, keeping every fact once:\n\n${summaries}`;
}
