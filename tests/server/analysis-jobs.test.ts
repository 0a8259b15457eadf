/**
 * Post-call analysis jobs (issue 21 part C) against the fake Chat Completions server: a call that
 * ends and a chat that goes quiet are queued once, analysed with a strict json_schema request
 * under the owner's key, and the results read back; provider failures are retried with backoff,
 * refusals and refused keys fail with their reason, Retry runs a job again, and nobody else reads
 * or retries it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import { FAKE_ERRORS, type FakeChatRequest } from '../fixtures/fakeOpenAIChat.js';
import { type AnalysisBed, startAnalysisBed } from '../helpers/analysisBed.js';
import { expectApiError } from '../helpers/expectApiError.js';

let bed: AnalysisBed;
beforeAll(async () => {
  bed = await startAnalysisBed({ backoffMs: 10_000, maxAttempts: 3 });
});
afterAll(() => bed.close());
beforeEach(() => bed.fake.reset());

const ORDER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    order_number: { type: ['string', 'null'] },
    items: { type: 'array', items: { type: 'string' } },
  },
  required: ['order_number', 'items'],
};

const formatOf = (request: FakeChatRequest | undefined) =>
  request?.body.response_format as { type: string; json_schema: { strict: boolean; schema: Record<string, unknown> } };

describe('a call that ends', () => {
  it('is analysed once with the summary prompt, the criteria and the schema, and the results read back', async () => {
    const agent = await bed.agentWithAnalysis(bed.owner, {
      summaryPrompt: 'Say what the caller ordered.',
      successCriteria: 'The caller placed an order.',
      dataSchema: ORDER_SCHEMA,
    });
    const streamSid = await bed.endCall(bed.owner, agent, ['I want two pizzas', 'Order 42 is placed']);
    expect(await bed.analysis(bed.owner, 'call', streamSid)).toMatchObject({ status: 'pending', attempts: 0 });

    bed.fake.enqueue({
      json: {
        summary: 'The caller ordered two pizzas.',
        success: { verdict: 'pass', reason: 'An order was placed.' },
        data: { order_number: '42', items: ['pizza', 'pizza'] },
      },
    });
    expect(await bed.poll()).toBe(1);

    const request = bed.fake.requests[0];
    expect(request?.authorization).toBe('Bearer sk-analysis-test-0000');
    const format = formatOf(request);
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.properties).toMatchObject({ data: ORDER_SCHEMA });
    const [system, transcript] = request?.body.messages ?? [];
    expect(String(system?.content)).toContain('Say what the caller ordered.');
    expect(String(system?.content)).toContain('The caller placed an order.');
    expect(transcript?.content).toBe('Customer: I want two pizzas\nAgent: Order 42 is placed');

    expect(await bed.analysis(bed.owner, 'call', streamSid)).toMatchObject({
      status: 'done',
      error: null,
      summary: 'The caller ordered two pizzas.',
      success: 'pass',
      successReason: 'An order was placed.',
      data: { order_number: '42', items: ['pizza', 'pizza'] },
    });
    // Done is done: nothing more to claim.
    expect(await bed.poll()).toBe(0);
    expect(bed.fake.requests).toHaveLength(1);
  });

  it('is not analysed when its agent has analysis off, or when nothing was said', async () => {
    const created = await bed.owner.call('POST', '/api/agents', { name: 'No analysis' });
    const off = await bed.endCall(bed.owner, created.json<{ id: string }>().id, ['Hello']);
    expect(await bed.analysis(bed.owner, 'call', off)).toBeNull();
    const silent = await bed.endCall(bed.owner, await bed.agentWithAnalysis(bed.owner), []);
    expect(await bed.analysis(bed.owner, 'call', silent)).toBeNull();
  });
});

describe('a chat', () => {
  it('that went quiet before analysis was turned on is not analysed', async () => {
    const bot = await bed.botWithAnalysis(bed.owner);
    const before = await bed.quietChat(bed.owner, bot, ['Hi', 'Hello!'], CHAT_LIMITS.activeWindowMs + 1000);
    await bed.t.app.chat.sweep();
    expect(await bed.analysis(bed.owner, 'chat', before)).toBeNull();
  });

  it('is queued by the sweep once it has been quiet past the active window, once', async () => {
    const bot = await bed.botWithAnalysis(bed.owner, { successCriteria: 'The visitor got an answer.' });
    // Its last message after analysis was turned on; then the active window passes.
    const quiet = await bed.quietChat(bed.owner, bot, ['Opening hours?', 'Nine to five.'], 0);
    bed.t.clock.advance(CHAT_LIMITS.activeWindowMs + 1000);
    const active = await bed.quietChat(bed.owner, bot, ['Hi', 'Hello!'], 1000);
    await bed.t.app.chat.sweep();
    await bed.t.app.chat.sweep();
    expect(await bed.analysis(bed.owner, 'chat', active)).toBeNull();
    expect(await bed.analysis(bed.owner, 'chat', quiet)).toMatchObject({ status: 'pending' });

    bed.fake.enqueue({ json: { summary: 'Asked for the hours.', success: { verdict: 'pass', reason: 'Answered.' } } });
    expect(await bed.poll()).toBe(1);
    expect(bed.fake.requests[0]?.body.messages?.[1]?.content).toBe('Customer: Opening hours?\nAgent: Nine to five.');
    expect(await bed.analysis(bed.owner, 'chat', quiet)).toMatchObject({ status: 'done', success: 'pass' });
  });
});

describe('failures', () => {
  it('retries a provider failure after a growing backoff, then fails with the reason once attempts run out', async () => {
    const streamSid = await bed.endCall(bed.owner, await bed.agentWithAnalysis(bed.owner), ['Hi']);
    bed.fake.enqueue({ httpError: FAKE_ERRORS.serverError() });
    await bed.poll();
    expect(await bed.analysis(bed.owner, 'call', streamSid)).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'The server had an error while processing your request. Sorry about that!',
    });
    // Not before its backoff (10 s) has passed.
    expect(await bed.poll()).toBe(0);
    bed.t.clock.advance(10_001);
    bed.fake.enqueue({ httpError: FAKE_ERRORS.rateLimited({}) });
    expect(await bed.poll()).toBe(1);
    // The second wait doubles.
    bed.t.clock.advance(10_001);
    expect(await bed.poll()).toBe(0);
    bed.t.clock.advance(10_000);
    bed.fake.enqueue({ httpError: FAKE_ERRORS.rateLimited({}) });
    expect(await bed.poll()).toBe(1);
    const failed = await bed.analysis(bed.owner, 'call', streamSid);
    expect(failed?.status).toBe('failed');
    expect(failed?.attempts).toBe(3);
    expect(failed?.error).toMatch(/^Gave up after 3 attempts: Rate limit reached/);
  });

  it("fails a refusal with the model's words, without retrying", async () => {
    const streamSid = await bed.endCall(bed.owner, await bed.agentWithAnalysis(bed.owner), ['Hi']);
    bed.fake.enqueue({ refusal: "I'm sorry, I can't help with that." });
    await bed.poll();
    expect(await bed.analysis(bed.owner, 'call', streamSid)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: "The model refused to analyse the conversation: I'm sorry, I can't help with that.",
    });
  });

  it('fails an answer cut off at the length limit, and a refused key, at once', async () => {
    const agent = await bed.agentWithAnalysis(bed.owner);
    const cut = await bed.endCall(bed.owner, agent, ['Hi']);
    bed.fake.enqueue({ text: '{"summary": "The call', finishReason: 'length' });
    await bed.poll();
    expect(await bed.analysis(bed.owner, 'call', cut)).toMatchObject({
      status: 'failed',
      error: "The model's answer was cut off at its length limit.",
    });
    const revoked = await bed.endCall(bed.owner, agent, ['Hi']);
    bed.fake.enqueue({ httpError: FAKE_ERRORS.invalidApiKey('sk-analysis-test-0000') });
    await bed.poll();
    const failed = await bed.analysis(bed.owner, 'call', revoked);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.error).toMatch(/^Incorrect API key provided/);
  });
});

describe('Retry', () => {
  it('runs a failed analysis again for its owner; others get 404 for reading and retrying it', async () => {
    const streamSid = await bed.endCall(bed.owner, await bed.agentWithAnalysis(bed.owner), ['Hi']);
    bed.fake.enqueue({ refusal: 'No.' });
    await bed.poll();
    const mallory = await bed.newOwner();
    expectApiError(await mallory.call('GET', `/api/analysis/call/${streamSid}`), 404, {
      error: 'Session not found',
      code: 'not_found',
    });
    expectApiError(await mallory.call('POST', `/api/analysis/call/${streamSid}/retry`), 404, {
      error: 'Session not found',
      code: 'not_found',
    });

    const retried = await bed.owner.call('POST', `/api/analysis/call/${streamSid}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ analysis: { status: 'pending', attempts: 0, error: null } });
    expectApiError(await bed.owner.call('POST', `/api/analysis/call/${streamSid}/retry`), 409, {
      error: 'The analysis is already waiting or running',
      code: 'conflict',
    });
    bed.fake.enqueue({ json: { summary: 'A greeting.' } });
    await bed.poll();
    expect(await bed.analysis(bed.owner, 'call', streamSid)).toMatchObject({ status: 'done', summary: 'A greeting.' });
  });
});
