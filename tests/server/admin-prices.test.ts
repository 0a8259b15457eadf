/**
 * The price table (issue 21): admins list and edit it, every price field is checked with an
 * answer naming it, users get 403, and a dated row changes the cost of calls that start from
 * its date on, not of earlier ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelPricesResponse } from '../../shared/types/pricing.js';
import type { CallSession } from '../../shared/types/session.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let t: TestApp;
let tokens: Record<'admin' | 'user', string>;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { telephonyRates: { inboundUsdPerMinute: 0.0085, outboundUsdPerMinute: 0.013 } } });
  const admin = await t.createUser({ role: 'admin' });
  const user = await t.createUser({ role: 'user' });
  userId = user.id;
  tokens = {
    admin: (await t.login(admin.username, admin.password)).accessToken,
    user: (await t.login(user.username, user.password)).accessToken,
  };
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, as: keyof typeof tokens, payload?: object) =>
  t.app.inject({ method, url, headers: t.auth(tokens[as]), ...(payload ? { payload } : {}) });

const MAY_1 = Date.UTC(2026, 4, 1);
const price = {
  model: 'gpt-realtime-2.1',
  effectiveFrom: MAY_1,
  textIn: 1,
  textCached: 0.1,
  textOut: 2,
  audioIn: 10,
  audioCached: 1,
  audioOut: 20,
};

/** A finished web call (no telephony) that used 1M output audio tokens of gpt-realtime-2.1. */
async function callStartingAt(start: number, sid: string): Promise<CallSession> {
  await t.db
    .insertInto('call_sessions')
    .values({
      stream_sid: sid,
      call_sid: sid,
      user_id: userId,
      agent_id: 'agent-1',
      agent_name: 'Agent',
      from_number: 'me',
      to_number: 'Agent',
      call_type: 'web',
      start_time: start,
      end_time: start + 60_000,
      duration: 60,
      ended_seq: null,
      instance_id: null,
      expires_at: null,
      model: 'gpt-realtime-2.1',
      input_text_tokens: 0,
      input_audio_tokens: 0,
      cached_text_tokens: 0,
      cached_audio_tokens: 0,
      output_text_tokens: 0,
      output_audio_tokens: 1_000_000,
      interruptions: 0,
      latency_turns: 0,
      latency_p50_ms: null,
      latency_p95_ms: null,
    })
    .execute();
  const user = await t.app.inject({
    method: 'GET',
    url: `/api/sessions/active-sessions/${sid}`,
    headers: t.auth(tokens.user),
  });
  return user.json<CallSession>();
}

describe('the price table', () => {
  it('is seeded with the Realtime and chat models’ published prices and shows the telephony rates', async () => {
    const answer = (await call('GET', '/api/accounts/admin/prices', 'admin')).json<ModelPricesResponse>();
    expect(answer.prices.find((p) => p.model === 'gpt-realtime-2.1')).toMatchObject({
      effectiveFrom: 0,
      textIn: 4,
      textCached: 0.4,
      textOut: 24,
      audioIn: 32,
      audioCached: 0.4,
      audioOut: 64,
    });
    expect(answer.prices.map((p) => p.model)).toEqual(
      expect.arrayContaining(['gpt-realtime-2.1-mini', 'gpt-realtime', 'gpt-4o-mini', 'gpt-4o']),
    );
    expect(answer.telephony).toEqual({ inboundUsdPerMinute: 0.0085, outboundUsdPerMinute: 0.013 });
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/accounts/admin/prices', 'user')).statusCode).toBe(403);
    expect((await call('PUT', '/api/accounts/admin/prices', 'user', price)).statusCode).toBe(403);
  });

  it('names the field of a bad price, never a 500', async () => {
    for (const [field, value] of [
      ['textIn', -1],
      ['audioOut', 'ten'],
      ['model', ''],
      ['effectiveFrom', -5],
    ] as const) {
      const answer = await call('PUT', '/api/accounts/admin/prices', 'admin', { ...price, [field]: value });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ error: string }>().error).toContain(field);
    }
    const missing = await call('PUT', '/api/accounts/admin/prices', 'admin', { model: 'x', effectiveFrom: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/textIn|textCached|textOut|audio/);
  });

  it('prices calls from a new row’s date on with it, and earlier calls as before', async () => {
    const before = await callStartingAt(MAY_1 - 1, 'TKprice-before');
    expect(before.figures?.cost.modelUsd).toBeCloseTo(64, 10);
    const saved = await call('PUT', '/api/accounts/admin/prices', 'admin', price);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ModelPricesResponse>().prices.filter((p) => p.model === 'gpt-realtime-2.1')).toHaveLength(2);
    const after = await callStartingAt(MAY_1, 'TKprice-after');
    expect(after.figures?.cost).toEqual({ modelUsd: 20, telephonyUsd: 0, totalUsd: 20 });
    const earlier = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/active-sessions/TKprice-before',
      headers: t.auth(tokens.user),
    });
    expect(earlier.json<CallSession>().figures?.cost.modelUsd).toBeCloseTo(64, 10);

    // Editing the row changes it in place; deleting it restores the seeded prices.
    await call('PUT', '/api/accounts/admin/prices', 'admin', { ...price, audioOut: 30 });
    const list = (await call('GET', '/api/accounts/admin/prices', 'admin')).json<ModelPricesResponse>();
    expect(list.prices.filter((p) => p.model === 'gpt-realtime-2.1').map((p) => p.audioOut)).toEqual([64, 30]);
    const url = `/api/accounts/admin/prices?model=gpt-realtime-2.1&effectiveFrom=${MAY_1}`;
    expect((await call('DELETE', url, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', url, 'admin')).statusCode).toBe(404);
  });
});
