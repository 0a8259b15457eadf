/**
 * Post-call analysis in the history (issue 21 part C): the search filters by the verdict
 * (success=pass|fail), with words and without, over calls and chats; a bad value is a 400
 * naming `success`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import { EXPORT_CSV_COLUMNS, type ExportMessageLine, type HistorySearchPage } from '../../shared/types/history.js';
import { type AnalysisBed, startAnalysisBed } from '../helpers/analysisBed.js';
import { expectApiError } from '../helpers/expectApiError.js';

let bed: AnalysisBed;
let passedCall: string;
let failedCall: string;
let passedChat: string;
let unanalysedCall: string;

const verdict = (v: 'pass' | 'fail') => ({
  json: { summary: `A ${v}.`, success: { verdict: v, reason: `It was a ${v}.` } },
});

beforeAll(async () => {
  bed = await startAnalysisBed();
  const agent = await bed.agentWithAnalysis(bed.owner, {
    successCriteria: 'A table was booked.',
    dataSchema: {
      type: 'object',
      additionalProperties: false,
      properties: { party_size: { type: ['integer', 'null'] }, name: { type: ['string', 'null'] } },
      required: ['party_size', 'name'],
    },
  });
  const bot = await bed.botWithAnalysis(bed.owner, { successCriteria: 'The visitor got an answer.' });
  passedCall = await bed.endCall(bed.owner, agent, ['Book a table please', 'Booked for two']);
  bed.fake.enqueue({ json: { ...verdict('pass').json, data: { party_size: 2, name: 'Ada, "A." Lovelace' } } });
  await bed.poll();
  failedCall = await bed.endCall(bed.owner, agent, ['Book a table please', 'We are full']);
  bed.fake.enqueue({ json: { ...verdict('fail').json, data: { party_size: null, name: null } } });
  await bed.poll();
  passedChat = await bed.quietChat(bed.owner, bot, ['Can I book a table?', 'Yes, online.'], 0);
  bed.t.clock.advance(CHAT_LIMITS.activeWindowMs + 1000);
  await bed.t.app.chat.sweep();
  bed.fake.enqueue(verdict('pass'));
  await bed.poll();
  const created = await bed.owner.call('POST', '/api/agents', { name: 'Not analysed' });
  unanalysedCall = await bed.endCall(bed.owner, created.json<{ id: string }>().id, ['Book a table please']);
});
afterAll(() => bed.close());

async function search(query: string): Promise<string[]> {
  const answer = await bed.owner.call('GET', `/api/history/search?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer
    .json<HistorySearchPage>()
    .results.map((result) => result.id)
    .sort();
}

describe('the history search filtered by the analysis verdict', () => {
  it('lists only passed or only failed calls and chats, without words', async () => {
    expect(await search('success=pass')).toEqual([passedCall, passedChat].sort());
    expect(await search('success=fail')).toEqual([failedCall]);
    expect(await search('kind=calls&success=pass')).toEqual([passedCall]);
    // Without the filter every one of them is there, the unanalysed call too.
    expect(await search('')).toEqual([passedCall, failedCall, passedChat, unanalysedCall].sort());
  });

  it('finds matching messages only in passed or failed ones, with words', async () => {
    const ids = async (query: string) => [...new Set(await search(query))].sort();
    expect(await ids('q=book&success=pass')).toEqual([passedCall, passedChat].sort());
    expect(await ids('q=book&success=fail')).toEqual([failedCall]);
  });

  it('answers 400 naming success for anything but pass or fail', async () => {
    expectApiError(await bed.owner.call('GET', '/api/history/search?success=unclear'), 400, {
      error: 'success: must be pass or fail',
      code: 'validation_failed',
    });
  });
});

/** `text` as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the history exports', () => {
  it('carry the summary, the verdict and its reason and the extracted data as CSV columns', async () => {
    const answer = await bed.owner.call('GET', '/api/history/export?format=csv&kind=calls');
    expect(answer.statusCode, answer.body).toBe(200);
    const [header] = answer.body.split('\r\n');
    expect(header).toBe(EXPORT_CSV_COLUMNS.join(','));
    expect(EXPORT_CSV_COLUMNS.slice(-4)).toEqual(['summary', 'success', 'success_reason', 'extracted_data']);
    // The call's figure columns (issue 21 A) come between the transcript and the analysis.
    const figureCells = `(?:[^,\r\n]*,){${EXPORT_CSV_COLUMNS.indexOf('summary') - EXPORT_CSV_COLUMNS.indexOf('transcript') - 1}}`;
    expect(answer.body).toMatch(
      new RegExp(
        `"Caller: Book a table please\nAgent: Booked for two",${figureCells}${escaped(
          'A pass.,pass,It was a pass.,"{""party_size"":2,""name"":""Ada, \\""A.\\"" Lovelace""}"\r\n',
        )}`,
      ),
    );
    expect(answer.body).toContain(',A fail.,fail,It was a fail.,"{""party_size"":null,""name"":null}"\r\n');
    // The call that was not analysed has the four cells empty.
    expect(answer.body).toMatch(new RegExp(`${unanalysedCall}.*Caller: Book a table please,${figureCells},,,\\r\\n`));
  });

  it('carry them on every JSON Lines line, the data as JSON', async () => {
    const answer = await bed.owner.call('GET', '/api/history/export?format=jsonl');
    const lines = answer.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ExportMessageLine);
    const ofPassedCall = lines.filter((line) => line.id === passedCall);
    expect(ofPassedCall).toHaveLength(2);
    for (const line of ofPassedCall)
      expect(line).toMatchObject({
        summary: 'A pass.',
        success: 'pass',
        success_reason: 'It was a pass.',
        extracted_data: { party_size: 2, name: 'Ada, "A." Lovelace' },
      });
    expect(lines.find((line) => line.id === passedChat)).toMatchObject({ success: 'pass', extracted_data: null });
    expect(lines.find((line) => line.id === unanalysedCall)).toMatchObject({
      summary: null,
      success: null,
      success_reason: null,
      extracted_data: null,
    });
  });
});
