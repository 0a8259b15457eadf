/**
 * The retrieval evaluation (issue 24, "Retrieval quality"): the fixture site of
 * tests/fixtures/retrievalEval saved as a bot's knowledge, every question run through the real
 * `searchKnowledge`, and the ranks of the answering passages turned into recall@1/3/5 and MRR.
 * The answering passage is found by its snippet, so the check does not depend on where pages are cut.
 */
import type { Kysely } from 'kysely';
import { type KnowledgeInput, searchKnowledge } from '../../server/db/knowledge.js';
import { toPassages } from '../../server/db/passages.js';
import type { Database } from '../../server/db/schema.js';
import { EVAL_QUESTIONS, type EvalQuestion, type EvalQuestionKind } from '../fixtures/retrievalEval/EVAL_QUESTIONS.js';
import { EVAL_SITE, type EvalPage } from '../fixtures/retrievalEval/EvalPage.js';
import { OTHER_PAGES } from '../fixtures/retrievalEval/otherPages.js';
import { POLICY_PAGES } from '../fixtures/retrievalEval/policyPages.js';
import { SHOP_PAGES } from '../fixtures/retrievalEval/shopPages.js';

export const EVAL_PAGES: EvalPage[] = [...SHOP_PAGES, ...POLICY_PAGES, ...OTHER_PAGES];

/** The fixture site as a bot's knowledge: every page selected. */
export const EVAL_KNOWLEDGE: KnowledgeInput = {
  siteUrl: EVAL_SITE,
  summary: 'Larkspur Cycles, an independent bike shop and workshop in Millbrook.',
  pages: EVAL_PAGES.map((page) => ({ ...page, selected: true })),
};

/** Best-ranked passages a question is judged on: ranks beyond these score 0. */
export const EVAL_CANDIDATES = 10;
/** A budget no set of candidates reaches, so the budget never drops one. */
const UNLIMITED_CHARS = 100_000_000;

export interface AnsweringPassage {
  url: string;
  /** The passage as `searchKnowledge` returns it (trimmed). */
  text: string;
}

/**
 * The passage of `pages` that answers `question`: the one holding its snippet. Throws when the page
 * is missing, or the snippet lies in no passage (mistyped, or cut in two) or in more than one.
 */
export function answeringPassage(question: EvalQuestion, pages: readonly EvalPage[] = EVAL_PAGES): AnsweringPassage {
  const url = `${EVAL_SITE}${question.path}`;
  const page = pages.find((p) => p.url === url);
  if (!page) throw new Error(`"${question.question}": no page ${url} in the evaluation set`);
  const holding = toPassages(page.text).filter((passage) => passage.includes(question.snippet));
  if (holding.length !== 1) {
    const why = page.text.includes(question.snippet)
      ? 'spans a cut between passages'
      : holding.length === 0
        ? 'is not on the page'
        : `lies in ${holding.length} passages`;
    throw new Error(`"${question.question}": the snippet "${question.snippet}" ${why} (${url})`);
  }
  return { url, text: holding[0]!.trim() };
}

export interface RetrievalMiss {
  question: string;
  kind: EvalQuestionKind;
  expected: string;
  snippet: string;
  /** 1-based rank of the answering passage, or null when it is not among the candidates. */
  rank: number | null;
  /** Pages of the three best-ranked passages. */
  top: string[];
}

export interface RetrievalScores {
  questions: number;
  recallAt1: number;
  recallAt3: number;
  recallAt5: number;
  /** Mean reciprocal rank of the answering passage (0 beyond the candidates). */
  mrr: number;
  /** The questions whose answer is not in the top 3, in set order. */
  misses: RetrievalMiss[];
}

export interface EvaluateOptions {
  questions?: readonly EvalQuestion[];
  pages?: readonly EvalPage[];
  candidates?: number;
}

/** Runs every question against the bot `webchatId`, whose knowledge must hold `pages` (EVAL_KNOWLEDGE by default). */
export async function evaluateRetrieval(
  db: Kysely<Database>,
  webchatId: string,
  { questions = EVAL_QUESTIONS, pages = EVAL_PAGES, candidates = EVAL_CANDIDATES }: EvaluateOptions = {},
): Promise<RetrievalScores> {
  const ranks: (number | null)[] = [];
  const misses: RetrievalMiss[] = [];
  for (const question of questions) {
    const answer = answeringPassage(question, pages);
    const found = await searchKnowledge(db, webchatId, question.question, { maxChars: UNLIMITED_CHARS, candidates });
    const index = found.findIndex((p) => p.url === answer.url && p.text === answer.text);
    const rank = index === -1 ? null : index + 1;
    ranks.push(rank);
    if (rank === null || rank > 3) {
      misses.push({
        question: question.question,
        kind: question.kind,
        expected: question.path,
        snippet: question.snippet,
        rank,
        top: found.slice(0, 3).map((p) => p.url.slice(EVAL_SITE.length) || p.url),
      });
    }
  }
  const share = (within: number) => ranks.filter((r) => r !== null && r <= within).length / ranks.length;
  return {
    questions: ranks.length,
    recallAt1: share(1),
    recallAt3: share(3),
    recallAt5: share(5),
    mrr: ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0) / ranks.length,
    misses,
  };
}

/** One line per miss, for a failure message or a bench note. */
export function describeMisses(misses: readonly RetrievalMiss[]): string {
  return misses
    .map(
      (m) =>
        `- [${m.kind}] "${m.question}" → ${m.expected} ("${m.snippet}"): ${m.rank === null ? 'not among the candidates' : `rank ${m.rank}`}; top 3: ${m.top.join(', ') || 'nothing'}`,
    )
    .join('\n');
}
