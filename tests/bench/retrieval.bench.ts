/**
 * Retrieval quality and speed (issue 24): the evaluation set of tests/fixtures/retrievalEval
 * through the real `searchKnowledge` on SQLite and PostgreSQL (a throwaway cluster, where the
 * server binaries are installed): recall@1/3/5 and MRR over its questions; then the same
 * questions against a bot of 10,000 passages (the set plus generated filler), with the chat
 * engine's own settings, for the latency p50/p99 of each search. Recall is not reported at that
 * size: the filler is shuffled site words, a load for the index rather than a realistic distractor.
 */
import { CHAT_DEFAULTS } from '../../server/chat/chatConfig.js';
import { saveKnowledge, searchKnowledge } from '../../server/db/knowledge.js';
import { EVAL_QUESTIONS } from '../fixtures/retrievalEval/EVAL_QUESTIONS.js';
import { botOfNewUser } from '../helpers/knowledgeSamples.js';
import { EVAL_CANDIDATES, EVAL_KNOWLEDGE, evaluateRetrieval, type RetrievalScores } from '../helpers/retrievalEval.js';
import { createTestApp, type TestAppOptions } from '../helpers/serverApp.js';
import { createThrowawayPostgres, throwawayPostgresUnavailable } from '../helpers/throwawayPostgres.js';
import { knowledgeWithFiller, passageCount } from './fillerKnowledge.js';
import { type Bench, type BenchRow, machineLoadRow, round, timingRows } from './harness.js';

const SCALE_PASSAGES = 10_000;
/** Timed rounds over every question, after one untimed round. */
const ROUNDS = 5;

const scoreRows = (database: string, scores: RetrievalScores, where: string): BenchRow[] => {
  const note = `${scores.questions} questions, ${EVAL_CANDIDATES} candidates, ${where}`;
  return [
    { metric: `${database}: recall@1`, value: round(scores.recallAt1, 3), unit: 'share', note },
    {
      metric: `${database}: recall@3`,
      value: round(scores.recallAt3, 3),
      unit: 'share',
      note: `${scores.questions - scores.misses.length} of ${scores.questions} in the top 3`,
    },
    { metric: `${database}: recall@5`, value: round(scores.recallAt5, 3), unit: 'share' },
    { metric: `${database}: MRR`, value: round(scores.mrr, 3), unit: 'score' },
  ];
};

async function measureOn(database: string, options: TestAppOptions): Promise<BenchRow[]> {
  const t = await createTestApp(options);
  try {
    const small = await botOfNewUser(t, 'Larkspur Cycles');
    await saveKnowledge(t.db, small, EVAL_KNOWLEDGE);
    const rows = scoreRows(database, await evaluateRetrieval(t.db, small), 'the evaluation set alone');

    const big = await botOfNewUser(t, 'Larkspur Cycles at size');
    const knowledge = knowledgeWithFiller(SCALE_PASSAGES);
    const passages = passageCount(knowledge);
    await saveKnowledge(t.db, big, knowledge);
    // The chat engine's own call: its default candidates and its knowledge budget.
    const search = (question: string) =>
      searchKnowledge(t.db, big, question, { maxChars: CHAT_DEFAULTS.knowledgeChars });
    for (const { question } of EVAL_QUESTIONS) await search(question);
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const { question } of EVAL_QUESTIONS) {
        const started = performance.now();
        await search(question);
        times.push(performance.now() - started);
      }
    }
    rows.push(
      ...timingRows(
        `${database}: searchKnowledge at ${passages} passages`,
        times,
        `${times.length} searches (${ROUNDS} rounds of ${EVAL_QUESTIONS.length} questions), budget ${CHAT_DEFAULTS.knowledgeChars} characters`,
        { percentile: 99, note: "issue 24's budget for the voice lookup is p99 ≤ 50 ms (reported, not held)" },
      ),
    );
    return rows;
  } finally {
    await t.close();
  }
}

export const bench: Bench = {
  name: 'retrieval',
  description: `Retrieval on the evaluation set (${EVAL_QUESTIONS.length} questions, ${EVAL_KNOWLEDGE.pages.length} pages): recall@1/3/5 and MRR, then searchKnowledge latency at ${SCALE_PASSAGES} passages for one bot, on SQLite and PostgreSQL`,
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [machineLoadRow()];
    rows.push(...(await measureOn('SQLite', {})));
    const unavailable = throwawayPostgresUnavailable();
    if (unavailable) {
      console.warn(`retrieval bench: PostgreSQL left out: ${unavailable}`);
      return rows;
    }
    const pg = await createThrowawayPostgres({ durable: false });
    try {
      rows.push(...(await measureOn('PostgreSQL', { config: { databaseUrl: pg.url } })));
    } finally {
      await pg.destroy();
    }
    return rows;
  },
};
