/**
 * Knowledge passages tuned for speech (issue 24, search_knowledge): the model reads a function's
 * output and says it in its own words, so what it gets should be plain sentences: no markdown to
 * pronounce, no web addresses to spell out, a few short passages rather than pages. The page a
 * passage came from stays beside it as `source`, for the transcript, not for the caller.
 */
import type { KnowledgePassage } from '../../db/knowledge.js';

export const SPEAKABLE_LIMITS = {
  /** Passages handed to the model at most. */
  passages: 3,
  /** Characters of one passage at most, cut at a sentence end where one is near. */
  passageChars: 600,
  /** Characters of all passages together at most. */
  totalChars: 1_500,
} as const;

export interface SpeakablePassage {
  /** The page's address: shown in the transcript, never read aloud. */
  source: string;
  text: string;
}

/** Markdown marks, links and addresses out; lines and list items as sentences. */
export function speakableText(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<?\b(?:https?:\/\/|www\.)[^\s<>]+>?/gi, '')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+•]|\d+[.)])\s+/gm, '')
    .replace(/\|/g, ', ')
    .replace(/(\*\*|__|\*|`+|~~)/g, '')
    .replace(/(^|[^\p{L}\p{N}])_([^_\n]+)_(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/(?<=[^\s.!?:;,])\s*\n+\s*/g, '. ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/([.,;:])(?:\s*[.,;:])+/g, '$1')
    .trim();
}

/** The sentences of `text` from the first one holding a term of the question, up to `max` characters. */
function excerpt(text: string, terms: readonly string[], max: number): string {
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text];
  const holds = (sentence: string) => terms.some((term) => sentence.toLowerCase().includes(term));
  const start = Math.max(0, sentences.findIndex(holds));
  let out = '';
  for (const sentence of sentences.slice(start)) {
    if (out.length + sentence.length > max) break;
    out += sentence;
  }
  // One sentence longer than the whole budget: its first words, cut at a word.
  if (out === '') out = `${text.slice(0, max).replace(/\s+\S*$/, '')}…`;
  return out.trim();
}

/** The best passages as short plain text, within SPEAKABLE_LIMITS; `terms` are the question's words, lower-cased. */
export function speakablePassages(
  passages: readonly (Pick<KnowledgePassage, 'url' | 'text'> & { title?: string })[],
  terms: readonly string[],
): SpeakablePassage[] {
  const out: SpeakablePassage[] = [];
  let budget: number = SPEAKABLE_LIMITS.totalChars;
  for (const passage of passages) {
    if (out.length === SPEAKABLE_LIMITS.passages || budget <= 0) break;
    const text = excerpt(speakableText(passage.text), terms, Math.min(SPEAKABLE_LIMITS.passageChars, budget));
    if (text === '' || text === '…') continue;
    // A document has no address: its name (the passage's title) says where the words came from.
    out.push({ source: passage.url || passage.title || '', text });
    budget -= text.length;
  }
  return out;
}
