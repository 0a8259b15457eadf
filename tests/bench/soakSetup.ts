/**
 * The soak bench's accounts, made through the API as an operator would: operators created by the
 * superadmin, each with OpenAI and Twilio settings, an agent answering a number (transcripts on),
 * a price-lookup tool and a bot using it. Every client has an address of its own (the server
 * trusts the bench as its reverse proxy), so each stays within its own per-address limits.
 */
import type { FakeTwilio } from '../fixtures/fakeTwilio.js';
import { handlerOf } from '../helpers/sandboxHandlers.js';
import type { SoakTally } from './SoakTally.js';

export const SOAK_ADMIN = { username: 'admin', password: 'soak admin passphrase' } as const;
export const SOAK_OPENAI_KEY = 'sk-soak-0000';

export interface SoakContext {
  url: string;
  tally: SoakTally;
  /** False once the soak's time is up: loops finish what they are doing and return. */
  running: () => boolean;
  /** Calls an operator ended from the console, by stream SID. */
  endedCalls: Set<string>;
}

export interface Operator {
  username: string;
  password: string;
  address: string;
  token: string;
  agentId: string;
  botId: string;
  number: string;
  /** Events the operator's console socket received, by type. */
  events: Map<string, number>;
}

/** JSON request headers with the operator's token. */
export const authed = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

export async function signIn(ctx: SoakContext, username: string, password: string, address: string): Promise<string> {
  const body = await ctx.tally.json<{ accessToken: string }>('console sign-in', `${ctx.url}/api/accounts/login`, {
    method: 'POST',
    address,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!body) throw new Error(`${username} could not sign in`);
  return body.accessToken;
}

async function must<T>(value: Promise<T | null>, what: string): Promise<T> {
  const result = await value;
  if (result === null) throw new Error(`setting up the soak failed: ${what}`);
  return result;
}

/** Creates `count` operators with everything they need; numbers are added to the fake Twilio. */
export async function createOperators(ctx: SoakContext, twilio: FakeTwilio, count: number): Promise<Operator[]> {
  const adminAddress = '192.0.2.1';
  const adminToken = await signIn(ctx, SOAK_ADMIN.username, SOAK_ADMIN.password, adminAddress);
  const operators: Operator[] = [];
  for (let i = 0; i < count; i++) {
    const username = `operator-${i}`;
    const password = `operator ${i} passphrase`;
    const address = `192.0.2.${10 + i}`;
    const post = <T>(path: string, body: unknown, token: string, method = 'POST') =>
      ctx.tally.json<T>('setup', `${ctx.url}${path}`, {
        method,
        address,
        headers: authed(token),
        body: JSON.stringify(body),
      });
    await must(
      post(
        '/api/accounts/admin/users',
        { username, email: `${username}@example.test`, password, role: 'user' },
        adminToken,
      ),
      'create user',
    );
    const token = await signIn(ctx, username, password, address);
    await must(
      post(
        '/api/accounts/settings',
        { openai_api_key: SOAK_OPENAI_KEY, twilio_account_sid: twilio.accountSid, twilio_auth_token: twilio.authToken },
        token,
        'PUT',
      ),
      'settings',
    );
    const tool = await must(
      post<{ id: string }>(
        '/api/tools',
        {
          name: 'price_lookup',
          description: 'Looks up the price of an item in the shop',
          type: 'object',
          parameters: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] },
          handler_code: handlerOf('return { item: args.item, price: 4.5, currency: "EUR" };'),
        },
        token,
      ),
      'tool',
    );
    const bot = await must(
      post<{ id: string }>(
        '/api/webchats',
        { name: `Shop ${i}`, description: 'Answers shop questions', tools: [tool.id] },
        token,
      ),
      'bot',
    );
    const agent = await must(post<{ id: string }>('/api/agents', { name: `Front desk ${i}` }, token), 'agent');
    await must(
      post(
        `/api/agents/${agent.id}`,
        { transcription: true, transcription_model: 'gpt-4o-mini-transcribe' },
        token,
        'PATCH',
      ),
      'agent transcription',
    );
    const number = `+1415556${String(1000 + i)}`;
    twilio.addNumber(number);
    await must(post('/api/phone-associations', { phoneNumber: number, agentId: agent.id }, token), 'number');
    operators.push({ username, password, address, token, agentId: agent.id, botId: bot.id, number, events: new Map() });
  }
  return operators;
}
