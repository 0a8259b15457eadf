/**
 * A bot's knowledge grown to a realistic size for timing retrieval: the evaluation site plus
 * generated archive pages whose passages reuse the site's own words (shuffled, so they compete
 * for the same terms without answering anything), until the bot holds `passages` passages.
 */
import type { KnowledgeInput } from '../../server/db/knowledge.js';
import { toPassages } from '../../server/db/passages.js';
import { EVAL_SITE } from '../fixtures/retrievalEval/EvalPage.js';
import { EVAL_KNOWLEDGE, EVAL_PAGES } from '../helpers/retrievalEval.js';

/** Paragraphs per generated page; each stays under PASSAGE_CHARS, so each is a passage of its own. */
const PARAGRAPHS_PER_PAGE = 10;
const PARAGRAPH_CHARS = 850;

/** mulberry32: the same filler on every run, so runs compare. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function knowledgeWithFiller(passages: number, seed = 24): KnowledgeInput {
  // Every word occurrence of the site, repeats kept: sampling from it keeps the site's word frequencies.
  const words = EVAL_PAGES.flatMap((page) => page.text.match(/[\p{L}\p{N}'-]+/gu) ?? []);
  const random = seededRandom(seed);
  const word = () => words[Math.floor(random() * words.length)] ?? 'bike';
  const paragraph = () => {
    let text = '';
    while (text.length < PARAGRAPH_CHARS) {
      const sentence = Array.from({ length: 8 + Math.floor(random() * 10) }, word).join(' ');
      text += `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. `;
    }
    return text.trim();
  };
  const pages = [...EVAL_KNOWLEDGE.pages];
  let count = pages.reduce((sum, page) => sum + toPassages(page.text).length, 0);
  for (let n = 1; count < passages; n += 1) {
    const paragraphs = Array.from({ length: Math.min(PARAGRAPHS_PER_PAGE, passages - count) }, paragraph);
    const text = paragraphs.join('\n\n');
    pages.push({ url: `${EVAL_SITE}/archive/${n}`, text, selected: true });
    count += toPassages(text).length;
  }
  return { ...EVAL_KNOWLEDGE, pages };
}

/** Passages `knowledge` is cut into when saved. */
export function passageCount(knowledge: KnowledgeInput): number {
  return knowledge.pages.reduce((sum, page) => sum + toPassages(page.text).length, 0);
}
