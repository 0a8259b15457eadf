/**
 * The authorization matrix: one row per registered route (method + URL pattern) with the status
 * each identity gets. authorization-matrix.test.ts fails when a route has no row, so every step
 * that adds a route adds its row here. Auto-generated HEAD routes are covered by their GET row.
 *
 * A row's `request` builds the concrete call for one identity (URL with real ids, a body that
 * passes validation). The test adds the identity's bearer token, its refresh cookie and, for
 * adminImpersonatingA, `X-Impersonate-User-Id: <userA.id>`. Each identity's session is reused
 * across rows; a row that changes or ends the caller's session says `endsSession: true`. The key
 * identities send `Authorization: Bearer sb_…` instead (and no cookie); their statuses follow
 * keyExpectations unless a row's `keys` says otherwise, so every route is checked with keys too.
 */

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newApiKey } from '../../server/auth/apiKeyFormat.js';
import type { SecretBox } from '../../server/crypto/SecretBox.js';
import { insertAgent } from '../../server/db/agents.js';
import { insertApiKey } from '../../server/db/apiKeys.js';
import { insertConversation, newConversationId } from '../../server/db/chatConversations.js';
import { saveCustomValue } from '../../server/db/customValues.js';
import { saveKnowledge } from '../../server/db/knowledge.js';
import { insertMcpServer } from '../../server/db/mcpServers.js';
import { associateNumber } from '../../server/db/phoneAssociations.js';
import type { Database } from '../../server/db/schema.js';
import { insertSession } from '../../server/db/sessions.js';
import { insertTool } from '../../server/db/tools.js';
import { insertDemo } from '../../server/db/webchatDemos.js';
import { insertWebchat } from '../../server/db/webchats.js';
import { queueDeliveries } from '../../server/db/webhookDeliveries.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import { newSigningSecret, sealSecret } from '../../server/webhooks/endpointSecrets.js';
import { newEventId } from '../../server/webhooks/WebhookEvents.js';
import { LEAD_CAPTURE_OFF } from '../../shared/leadCapture.js';
import { type TestUser, uniqueName } from '../helpers/serverApp.js';

/** Identities signed in with a session (an access token and its refresh cookie), or none. */
export const SESSION_IDENTITIES = [
  'anonymous',
  'userA',
  'userB',
  'admin',
  'superadmin',
  'adminImpersonatingA',
] as const;
export type SessionIdentity = (typeof SESSION_IDENTITIES)[number];

/**
 * Identities signed in with an API key (issue 22), no cookie: userA's full and read-only keys, an
 * admin's full key, and that key sent with the impersonation header for userA.
 */
export const KEY_IDENTITIES = ['keyA', 'readKeyA', 'adminKey', 'adminKeyImpersonatingA'] as const;
export type KeyIdentity = (typeof KEY_IDENTITIES)[number];

export const IDENTITIES = [...SESSION_IDENTITIES, ...KEY_IDENTITIES] as const;
export type Identity = SessionIdentity | KeyIdentity;

/** An exact status, or a status class. */
export type Expected = number | '2xx' | '4xx';

export interface MatrixContext {
  users: { userA: TestUser; userB: TestUser; admin: TestUser; superadmin: TestUser };
  /** A fresh user for rows that change or delete one (role 'user' by default). */
  createUser: (fields?: Partial<Omit<TestUser, 'id'>>) => Promise<TestUser>;
  /** A name no other cell uses. */
  unique: (prefix: string) => string;
  /** The test app's database, for rows that need a resource of userA to exist first. */
  db: Kysely<Database>;
  /** The test app's secrets box, for resources stored with a sealed secret (webhook endpoints). */
  secretBox: SecretBox;
}

export interface Caller {
  identity: Identity;
  /** The signed-in user making the call (the admin for adminImpersonatingA, a key's owner); null when anonymous. */
  actor: TestUser | null;
}

export interface CellRequest {
  url?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface AuthorizationRow {
  method: string;
  /** The route's URL pattern exactly as registered, e.g. `/api/accounts/admin/users/:id`. */
  route: string;
  request?: (ctx: MatrixContext, caller: Caller) => CellRequest | Promise<CellRequest>;
  expect: Record<SessionIdentity, Expected>;
  /** The key identities' statuses where keyExpectations' rule does not give them. */
  keys?: Partial<Record<KeyIdentity, Expected>>;
  /** The call rotates, revokes or replaces the caller's tokens: sign in afresh afterwards. */
  endsSession?: boolean;
}

/** The same status for everyone. */
export const everyone = (status: Expected): Record<SessionIdentity, Expected> => ({
  anonymous: status,
  userA: status,
  userB: status,
  admin: status,
  superadmin: status,
  adminImpersonatingA: status,
});

/** 401 for anonymous, `status` for every signed-in identity unless overridden. */
export const signedIn = (
  status: Expected,
  overrides: Partial<Record<SessionIdentity, Expected>> = {},
): Record<SessionIdentity, Expected> => ({
  ...everyone(status),
  anonymous: 401,
  ...overrides,
});

/** Admin routes: they use the caller's own role, so impersonating admins keep access. */
export const adminsOnly = (status: Expected): Record<SessionIdentity, Expected> => ({
  anonymous: 401,
  userA: 403,
  userB: 403,
  admin: status,
  superadmin: status,
  adminImpersonatingA: status,
});

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * What each key identity gets (issue 22: a key acts with its owner's own rights on every signed-in
 * /api route, never admin routes, never impersonation, never the account's own routes, and a
 * read-only key only reads), read off the row's session statuses; a row's `keys` overrides it.
 * - public routes (anonymous is let in): keys play no part, everyone gets anonymous's status;
 * - /api/accounts/ (sign-in, session, password, email, credentials, API keys, admin): 403;
 * - other routes: userA's key gets userA's status, the read-only one 403 unless the method is
 *   GET or HEAD, the admin's key the admin's status, and with the impersonation header 403.
 */
export function keyExpectations(row: AuthorizationRow): Record<KeyIdentity, Expected> {
  const { expect } = row;
  const rule: Record<KeyIdentity, Expected> =
    expect.anonymous !== 401
      ? {
          keyA: expect.anonymous,
          readKeyA: expect.anonymous,
          adminKey: expect.anonymous,
          adminKeyImpersonatingA: expect.anonymous,
        }
      : row.route.startsWith('/api/accounts/')
        ? { keyA: 403, readKeyA: 403, adminKey: 403, adminKeyImpersonatingA: 403 }
        : {
            keyA: expect.userA,
            readKeyA: SAFE_METHODS.has(row.method) ? expect.userA : 403,
            adminKey: expect.admin,
            adminKeyImpersonatingA: 403,
          };
  return { ...rule, ...row.keys };
}

const victim = async (ctx: MatrixContext) => `/api/accounts/admin/users/${(await ctx.createUser()).id}`;

export const AUTHORIZATION_ROWS: AuthorizationRow[] = [
  // Sign-in and session (spec part 1 §7).
  {
    method: 'POST',
    route: '/api/accounts/login',
    request: (ctx) => ({ payload: { username: ctx.users.userA.username, password: ctx.users.userA.password } }),
    expect: everyone(200),
  },
  // Public: the refresh cookie is the credential, and key callers send none.
  {
    method: 'POST',
    route: '/api/accounts/refresh-token',
    expect: signedIn(200),
    keys: { keyA: 401, readKeyA: 401, adminKey: 401, adminKeyImpersonatingA: 401 },
    endsSession: true,
  },
  { method: 'POST', route: '/api/accounts/logout', expect: everyone(200), endsSession: true },
  {
    method: 'POST',
    route: '/api/accounts/change-password',
    request: (_ctx, { actor }) => ({
      payload: { currentPassword: actor?.password ?? 'x', newPassword: actor?.password ?? 'xxxxxx' },
    }),
    expect: signedIn(200, { adminImpersonatingA: 403 }),
    endsSession: true,
  },
  {
    method: 'POST',
    route: '/api/accounts/change-email',
    request: () => ({ payload: { newEmail: 'matrix@example.org' } }),
    expect: signedIn(200, { adminImpersonatingA: 403 }),
  },

  // API keys (issue 22): the effective user's own; none is created while impersonating, and keys
  // never reach these routes (keyExpectations).
  { method: 'GET', route: '/api/accounts/api-keys', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/accounts/api-keys',
    request: () => ({ payload: { name: 'Matrix key', scope: 'read' } }),
    expect: signedIn(201, { adminImpersonatingA: 403 }),
  },
  {
    method: 'DELETE',
    route: '/api/accounts/api-keys/:id',
    request: async (ctx) => ({ url: `/api/accounts/api-keys/${await apiKeyOfA(ctx)}` }),
    expect: onlyA(200),
  },

  // Account settings (spec part 2 §7): the effective user's own.
  { method: 'GET', route: '/api/accounts/settings', expect: signedIn(200) },
  {
    method: 'PUT',
    route: '/api/accounts/settings',
    request: () => ({ payload: { openai_api_key: 'sk-matrix-0000' } }),
    expect: signedIn(200),
  },
  { method: 'POST', route: '/api/accounts/settings/reset', expect: signedIn(200) },
  { method: 'DELETE', route: '/api/accounts/settings', expect: signedIn(200) },

  // Admin (spec part 2 §7).
  { method: 'GET', route: '/api/accounts/admin/users', expect: adminsOnly(200) },
  // The price table (issue 21).
  { method: 'GET', route: '/api/accounts/admin/prices', expect: adminsOnly(200) },
  {
    method: 'PUT',
    route: '/api/accounts/admin/prices',
    request: () => ({
      payload: {
        model: 'matrix-model',
        effectiveFrom: 0,
        textIn: 1,
        textCached: 0.1,
        textOut: 2,
        audioIn: 3,
        audioCached: 0.3,
        audioOut: 4,
      },
    }),
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/accounts/admin/prices',
    // A row nobody has: admins pass authorization and get the table's 404.
    request: () => ({ url: '/api/accounts/admin/prices?model=matrix-absent&effectiveFrom=0' }),
    expect: adminsOnly(404),
  },
  {
    method: 'POST',
    route: '/api/accounts/admin/users',
    request: (ctx) => ({
      payload: { username: ctx.unique('matrix'), email: 'm@example.org', password: 'matrix-pw', role: 'user' },
    }),
    expect: adminsOnly(201),
  },
  {
    method: 'PUT',
    route: '/api/accounts/admin/users/:id',
    request: async (ctx) => ({ url: await victim(ctx), payload: { email: 'edited@example.org' } }),
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/accounts/admin/users/:id',
    request: async (ctx) => ({ url: await victim(ctx) }),
    expect: adminsOnly(200),
  },

  // Infrastructure. /api/frontend answers 404 to plain HTTP; its upgrade is covered by ws-frontend.test.ts.
  { method: 'GET', route: '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/frontend', expect: everyone(404) },
  // The Talk socket likewise; its upgrade (sign-in, the agent's owner, impersonation) is talk-admission.test.ts.
  {
    method: 'GET',
    route: '/api/agents/:id/talk',
    request: async (ctx) => ({ url: `/api/agents/${await agentOfA(ctx)}/talk` }),
    expect: everyone(404),
  },
  // The API description and its page are public (routes/apiDocs.ts says why).
  { method: 'GET', route: '/api/openapi.json', expect: everyone(200) },
  { method: 'GET', route: '/api/docs', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/page.js', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/page.css', expect: everyone(200) },

  // Static files (the test app has no build and an empty examples folder).
  { method: 'GET', route: '/examples/*', request: () => ({ url: '/examples/missing.html' }), expect: everyone(404) },
  { method: 'GET', route: '/widget.js', expect: everyone(503) },
  { method: 'GET', route: '/widget.mjs', expect: everyone(503) },
  { method: 'GET', route: '/widget.d.ts', expect: everyone(503) },

  // Agents, phone associations and Twilio (spec part 1 §7): the effective user's own agents only.
  { method: 'GET', route: '/api/agents', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/agents',
    request: () => ({ payload: { name: 'Matrix agent' } }),
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/agents/:id',
    request: async (ctx) => ({ url: `/api/agents/${await agentOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'PATCH',
    route: '/api/agents/:id',
    request: async (ctx) => ({ url: `/api/agents/${await agentOfA(ctx)}`, payload: { description: 'edited' } }),
    expect: onlyA(200),
  },
  {
    method: 'DELETE',
    route: '/api/agents/:id',
    request: async (ctx) => ({ url: `/api/agents/${await agentOfA(ctx)}` }),
    expect: onlyA(200),
  },
  { method: 'GET', route: '/api/phone-associations', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/phone-associations',
    request: async (ctx) => ({ payload: { phoneNumber: nextPhoneNumber(), agentId: await agentOfA(ctx) } }),
    expect: onlyA(200),
  },
  {
    method: 'DELETE',
    route: '/api/phone-associations/:phoneNumber',
    request: async (ctx) => ({ url: `/api/phone-associations/${encodeURIComponent(await numberOfA(ctx))}` }),
    expect: onlyA(200),
  },
  // Nobody in the matrix has Twilio credentials: 400 missing_credentials once the agent is found.
  { method: 'GET', route: '/api/twilio/get-all-phone-numbers', expect: signedIn(400) },
  {
    method: 'POST',
    route: '/api/twilio/make-call',
    request: async (ctx) => {
      const phoneNumber = await numberOfA(ctx);
      const agent = await ctx.db
        .selectFrom('agents')
        .select('id')
        .where('phone_number', '=', phoneNumber)
        .executeTakeFirstOrThrow();
      return { payload: { phoneNumber: '+14155550199', agentId: agent.id } };
    },
    expect: onlyA(400),
  },

  // Twilio's own endpoints (issue 10): public, but only Twilio's signature gets through.
  {
    method: 'POST',
    route: '/api/twilio/incoming-call',
    request: () => ({
      payload: 'CallSid=CA1&AccountSid=AC1&To=%2B1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: everyone(403),
  },
  { method: 'GET', route: '/api/twilio/media-stream', expect: everyone(403) },
  {
    method: 'POST',
    route: '/api/twilio/call-status',
    request: () => ({
      payload: `CallSid=CA${'1'.repeat(32)}&AccountSid=AC1&CallStatus=no-answer`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: everyone(403),
  },

  // Call sessions (spec part 1 §7): the effective user's own calls.
  { method: 'GET', route: '/api/sessions/active-sessions', expect: signedIn(200) },
  { method: 'GET', route: '/api/sessions/ended-sessions', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/sessions/active-sessions/:id',
    request: async (ctx) => ({ url: `/api/sessions/active-sessions/${await sessionOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/sessions/messages/:streamSid',
    request: async (ctx) => ({ url: `/api/sessions/messages/${await sessionOfA(ctx)}` }),
    expect: onlyA(200),
  },
  // No Twilio credentials in the matrix: the open session is closed here without asking Twilio.
  {
    method: 'POST',
    route: '/api/sessions/end-session',
    request: async (ctx) => ({ payload: { streamSid: await sessionOfA(ctx) } }),
    expect: onlyA(200),
  },

  // Recordings (issue 21): the owner asks for a signed link; the audio opens with that link only,
  // whoever asks (an <audio> element sends no bearer token), so a made-up link is 404 for all.
  {
    method: 'POST',
    route: '/api/sessions/recording/:streamSid/link',
    request: async (ctx) => ({ url: `/api/sessions/recording/${await recordedSessionOfA(ctx)}/link` }),
    expect: onlyA(200),
    // Minting a link to listen changes nothing: read-only keys may (route config readsOnly).
    keys: { readKeyA: 200 },
  },
  {
    method: 'GET',
    route: '/api/sessions/recording/:streamSid',
    request: async (ctx) => ({
      url: `/api/sessions/recording/${await recordedSessionOfA(ctx)}?token=${Date.now() + 60_000}.${'0'.repeat(64)}`,
    }),
    expect: everyone(404),
  },

  // Post-call analysis (issue 21 part C): the settings of the user's own agents and bots, the
  // analysis of their own calls and chats, and its Retry.
  {
    method: 'GET',
    route: '/api/agents/:id/analysis',
    request: async (ctx) => ({ url: `/api/agents/${await agentOfA(ctx)}/analysis` }),
    expect: onlyA(200),
  },
  {
    method: 'PUT',
    route: '/api/agents/:id/analysis',
    request: async (ctx) => ({ url: `/api/agents/${await agentOfA(ctx)}/analysis`, payload: { enabled: true } }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/webchats/:id/analysis',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}/analysis` }),
    expect: onlyA(200),
  },
  {
    method: 'PUT',
    route: '/api/webchats/:id/analysis',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}/analysis`, payload: { enabled: true } }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/analysis/:kind/:id',
    request: async (ctx) => ({ url: `/api/analysis/call/${await sessionOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/analysis/:kind/:id/retry',
    request: async (ctx) => ({ url: `/api/analysis/call/${await failedAnalysisOfA(ctx)}/retry` }),
    expect: onlyA(200),
  },
  // Analytics (issue 21): everyone signed in gets their own figures; one agent's are its owner's only.
  {
    method: 'GET',
    route: '/api/analytics',
    request: async (ctx) => ({
      url: `/api/analytics?from=2026-03-01&to=2026-03-31&tz=Europe/Berlin&agentId=${await agentOfA(ctx)}`,
    }),
    expect: onlyA(200),
  },

  // History (issue 11): searches and exports read only the effective user's own calls and chats;
  // a bot or conversation of another user is 404.
  {
    method: 'GET',
    route: '/api/history/search',
    request: () => ({ url: '/api/history/search?q=hello' }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/history/export',
    request: () => ({ url: '/api/history/export?q=hello&format=jsonl' }),
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/history/calls/export', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/history/webchats/:id/conversations',
    request: async (ctx) => ({ url: `/api/history/webchats/${await webchatOfA(ctx)}/conversations` }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/history/webchats/:id/conversations/:conversationId',
    request: async (ctx) => {
      const webchatId = await webchatOfA(ctx);
      return { url: `/api/history/webchats/${webchatId}/conversations/${await conversationOf(ctx, webchatId)}` };
    },
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/history/webchats/:id/export',
    request: async (ctx) => ({ url: `/api/history/webchats/${await webchatOfA(ctx)}/export?format=csv` }),
    expect: onlyA(200),
  },

  // Tools and custom values (spec part 2 §7): the effective user's own.
  { method: 'GET', route: '/api/tools', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/tools',
    // Tool names are unique per user, and several identities create one as user A.
    request: () => ({ payload: { name: uniqueName('matrix_tool'), description: 'Matrix tool', type: 'string' } }),
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/tools/:id',
    request: async (ctx) => ({ url: `/api/tools/${await toolOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'PATCH',
    route: '/api/tools/:id',
    request: async (ctx) => ({ url: `/api/tools/${await toolOfA(ctx)}`, payload: { description: 'edited' } }),
    expect: onlyA(200),
  },
  {
    method: 'DELETE',
    route: '/api/tools/:id',
    request: async (ctx) => ({ url: `/api/tools/${await toolOfA(ctx)}` }),
    expect: onlyA(200),
  },
  // Arguments that miss the required `city` answer 200 with success:false before the sandbox runs.
  {
    method: 'POST',
    route: '/api/tools/:id/test',
    request: async (ctx) => ({ url: `/api/tools/${await toolOfA(ctx)}/test`, payload: { args: {} } }),
    expect: onlyA(200),
  },
  { method: 'GET', route: '/api/custom-values', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/custom-values',
    request: (ctx) => ({ payload: { name: ctx.unique('MATRIX').replace(/-/g, '_'), value: 'v' } }),
    expect: signedIn(201),
  },
  {
    method: 'DELETE',
    route: '/api/custom-values/:name',
    request: async (ctx) => ({ url: `/api/custom-values/${encodeURIComponent(await customValueOfA(ctx))}` }),
    expect: onlyA(200),
  },

  // Knowledge base (spec part 2 §7). The matrix app has no OUTBOUND_ALLOW, so a loopback site is
  // refused before any request; nobody has an OpenAI key. Cancelling another user's crawl is
  // covered by crawl-routes.test.ts (a crawl must be running for that).
  {
    method: 'GET',
    route: '/api/webchats/crawl',
    request: () => ({ url: '/api/webchats/crawl?url=http%3A%2F%2F127.0.0.1%3A9%2F' }),
    expect: signedIn(400),
  },
  {
    method: 'DELETE',
    route: '/api/webchats/crawl/:crawlId',
    request: () => ({ url: '/api/webchats/crawl/no-such-crawl' }),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/webchats/summarize',
    request: () => ({ payload: { text: 'Opening hours: 9 to 5.' } }),
    expect: signedIn(400),
  },
  // Web chat bots and demos (spec part 2 §7): the effective user's own bots only.
  { method: 'GET', route: '/api/webchats', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/webchats',
    // The rows before made many bots of userA; the per-user quota of bots is not what this row checks.
    request: async (ctx) => {
      await ctx.db.deleteFrom('webchats').where('user_id', '=', ctx.users.userA.id).execute();
      return { payload: { name: 'Matrix bot', description: 'Matrix' } };
    },
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/webchats/:id',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'PUT',
    route: '/api/webchats/:id',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}`, payload: { description: 'edited' } }),
    expect: onlyA(200),
  },
  {
    method: 'DELETE',
    route: '/api/webchats/:id',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}` }),
    expect: onlyA(200),
  },
  // The owner's test chat (issue 20). A has no OpenAI key: past the sign-in and ownership checks the
  // owner is told to add one (400); anyone else never learns the bot exists.
  {
    method: 'POST',
    route: '/api/webchats/:id/test-messages',
    request: async (ctx) => ({
      url: `/api/webchats/${await webchatOfA(ctx)}/test-messages`,
      payload: { text: 'Hello', settings: { temperature: 1 } },
    }),
    expect: onlyA(400),
  },
  {
    method: 'GET',
    route: '/api/webchats/get-demos',
    request: async (ctx) => ({ url: `/api/webchats/get-demos?webchatId=${await webchatOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/webchats/create-demo',
    request: async (ctx) => ({ payload: { link: 'https://example.com', webchatId: await webchatOfA(ctx) } }),
    expect: onlyA(201),
  },
  {
    method: 'DELETE',
    route: '/api/webchats/delete-demo',
    request: async (ctx) => ({ payload: { demoId: await demoOfA(ctx) } }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/webchats/integration-script',
    request: async (ctx) => ({ url: `/api/webchats/integration-script?webchatId=${await webchatOfA(ctx)}` }),
    expect: onlyA(200),
  },
  // Public: customers' pages and demo visitors read them without signing in.
  {
    method: 'GET',
    route: '/api/widget/webchats/:id',
    request: async (ctx) => ({ url: `/api/widget/webchats/${await webchatOfA(ctx)}` }),
    expect: everyone(200),
  },
  // The live chat (issue 9), public too. The bot's owner has no OpenAI key: a message is 503 for everyone.
  {
    method: 'OPTIONS',
    route: '/api/widget/webchats/:id/messages',
    request: async (ctx) => ({ url: `/api/widget/webchats/${await webchatOfA(ctx)}/messages` }),
    expect: everyone(204),
  },
  {
    method: 'POST',
    route: '/api/widget/webchats/:id/messages',
    request: async (ctx) => ({
      url: `/api/widget/webchats/${await webchatOfKeyless(ctx)}/messages`,
      payload: { text: 'Hello' },
    }),
    expect: everyone(503),
  },
  {
    method: 'GET',
    route: '/api/widget/webchats/:id/conversations/:conversationId',
    request: async (ctx) => {
      const webchatId = await webchatOfA(ctx);
      return { url: `/api/widget/webchats/${webchatId}/conversations/${await conversationOf(ctx, webchatId)}` };
    },
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/demo/:id',
    request: async (ctx) => ({ url: `/demo/${await demoOfA(ctx)}` }),
    expect: everyone(200),
  },
  { method: 'GET', route: '/demo/page.css', expect: everyone(200) },

  // MCP servers (issue 22): the effective user's own. A refresh of userA's server (a private
  // address nobody allowed) answers 200 with the guard's refusal as last_error, with no network.
  { method: 'GET', route: '/api/mcp-servers', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/mcp-servers',
    request: () => ({ payload: { name: uniqueName('matrix_mcp'), url: 'https://mcp.example.com/mcp' } }),
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/mcp-servers/:id',
    request: async (ctx) => ({ url: `/api/mcp-servers/${await mcpServerOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'PATCH',
    route: '/api/mcp-servers/:id',
    request: async (ctx) => ({
      url: `/api/mcp-servers/${await mcpServerOfA(ctx)}`,
      payload: { name: ctx.unique('mcp') },
    }),
    expect: onlyA(200),
  },
  {
    method: 'DELETE',
    route: '/api/mcp-servers/:id',
    request: async (ctx) => ({ url: `/api/mcp-servers/${await mcpServerOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/mcp-servers/:id/refresh',
    request: async (ctx) => ({ url: `/api/mcp-servers/${await mcpServerOfA(ctx)}/refresh` }),
    expect: onlyA(200),
  },

  // Webhooks (issue 22): every signed-in user has their own endpoints; another user's endpoint or
  // delivery is 404 like a missing one. Endpoint URLs here are public names that are never
  // reached: the matrix app's deliveries fail to connect, which is all the same to these rows.
  { method: 'GET', route: '/api/webhooks/endpoints', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/webhooks/endpoints',
    request: () => ({ payload: { url: 'https://hooks.example.com/in', events: ['call.ended'] } }),
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/webhooks/endpoints/:id',
    request: async (ctx) => ({ url: `/api/webhooks/endpoints/${await endpointOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'PATCH',
    route: '/api/webhooks/endpoints/:id',
    request: async (ctx) => ({
      url: `/api/webhooks/endpoints/${await endpointOfA(ctx)}`,
      payload: { description: 'CRM' },
    }),
    expect: onlyA(200),
  },
  {
    method: 'DELETE',
    route: '/api/webhooks/endpoints/:id',
    request: async (ctx) => ({ url: `/api/webhooks/endpoints/${await endpointOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/webhooks/endpoints/:id/secret',
    request: async (ctx) => ({ url: `/api/webhooks/endpoints/${await endpointOfA(ctx)}/secret` }),
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/webhooks/endpoints/:id/rotate-secret',
    request: async (ctx) => ({ url: `/api/webhooks/endpoints/${await endpointOfA(ctx)}/rotate-secret` }),
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/webhooks/endpoints/:id/test',
    request: async (ctx) => ({ url: `/api/webhooks/endpoints/${await endpointOfA(ctx)}/test` }),
    expect: onlyA(202),
  },
  {
    method: 'GET',
    route: '/api/webhooks/endpoints/:id/deliveries',
    request: async (ctx) => ({ url: `/api/webhooks/endpoints/${await endpointOfA(ctx)}/deliveries` }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/webhooks/deliveries/:id',
    request: async (ctx) => ({ url: `/api/webhooks/deliveries/${await deliveryOfA(ctx)}` }),
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/webhooks/deliveries/:id/resend',
    request: async (ctx) => ({ url: `/api/webhooks/deliveries/${await deliveryOfA(ctx)}/resend` }),
    expect: onlyA(200),
  },

  // Listen in and take over (issue 23). The listen socket answers 404 to plain HTTP; its upgrade
  // (sign-in, the call's owner, limits) is voice-listen.test.ts. Take over reaches A's session,
  // which no instance bridges here: 409 "not running" (the claim is undone); hand back of a call
  // nobody holds is a no-op 200.
  {
    method: 'GET',
    route: '/api/sessions/:streamSid/listen',
    request: async (ctx) => ({ url: `/api/sessions/${await sessionOfA(ctx)}/listen` }),
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/api/sessions/take-over',
    request: async (ctx) => ({ payload: { streamSid: await sessionOfA(ctx) } }),
    expect: onlyA(409),
  },
  {
    method: 'POST',
    route: '/api/sessions/hand-back',
    request: async (ctx) => ({ payload: { streamSid: await sessionOfA(ctx) } }),
    expect: onlyA(200),
  },
  // Chat take-over and "Talk to a person" (issue 23): the operator routes are the effective
  // user's own (another owner's conversation reads as missing); the widget's are public.
  {
    method: 'POST',
    route: '/api/webchats/:id/conversations/:conversationId/take-over',
    request: async (ctx) => {
      const webchatId = await webchatOfA(ctx);
      return { url: `/api/webchats/${webchatId}/conversations/${await conversationOf(ctx, webchatId)}/take-over` };
    },
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/webchats/:id/conversations/:conversationId/hand-back',
    request: async (ctx) => {
      const webchatId = await webchatOfA(ctx);
      return { url: `/api/webchats/${webchatId}/conversations/${await conversationOf(ctx, webchatId)}/hand-back` };
    },
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/webchats/:id/conversations/:conversationId/operator-messages',
    request: async (ctx) => {
      const webchatId = await webchatOfA(ctx);
      return {
        url: `/api/webchats/${webchatId}/conversations/${await conversationOf(ctx, webchatId)}/operator-messages`,
        payload: { text: 'Hello' },
      };
    },
    // Allowed through to the take-over rule: nobody took this conversation over, so writing is refused.
    expect: onlyA(409),
  },
  {
    method: 'GET',
    route: '/api/widget/webchats/:id/conversations/:conversationId/events',
    // Not the shape of a conversation id: the stream is refused before it opens, for everyone alike.
    request: async (ctx) => ({ url: `/api/widget/webchats/${await webchatOfA(ctx)}/conversations/x/events` }),
    expect: everyone(404),
  },
  {
    method: 'OPTIONS',
    route: '/api/widget/webchats/:id/conversations/:conversationId/person',
    request: async (ctx) => ({ url: `/api/widget/webchats/${await webchatOfA(ctx)}/conversations/x/person` }),
    expect: everyone(204),
  },
  {
    method: 'POST',
    route: '/api/widget/webchats/:id/conversations/:conversationId/person',
    // The matrix bot does not offer a person.
    request: async (ctx) => {
      const webchatId = await webchatOfA(ctx);
      return { url: `/api/widget/webchats/${webchatId}/conversations/${await conversationOf(ctx, webchatId)}/person` };
    },
    expect: everyone(404),
  },
  // Feedback on answers (issue 25): public like the chat; the visitor rates an answer of their conversation.
  {
    method: 'OPTIONS',
    route: '/api/widget/webchats/:id/conversations/:conversationId/messages/:messageId/feedback',
    request: async (ctx) => ({ url: await answerFeedbackUrl(ctx) }),
    expect: everyone(204),
  },
  {
    method: 'PUT',
    route: '/api/widget/webchats/:id/conversations/:conversationId/messages/:messageId/feedback',
    request: async (ctx) => ({ url: await answerFeedbackUrl(ctx), payload: { rating: 'down', comment: 'Wrong' } }),
    expect: everyone(200),
  },
  // Leads (issue 25): the owner's list and CSV export, and the widget's public form route.
  {
    method: 'GET',
    route: '/api/webchats/:id/leads',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}/leads` }),
    expect: onlyA(200),
  },
  {
    method: 'GET',
    route: '/api/webchats/:id/leads/export',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}/leads/export` }),
    expect: onlyA(200),
  },
  {
    method: 'OPTIONS',
    route: '/api/widget/webchats/:id/leads',
    request: async (ctx) => ({ url: `/api/widget/webchats/${await webchatOfA(ctx)}/leads` }),
    expect: everyone(204),
  },
  {
    method: 'POST',
    route: '/api/widget/webchats/:id/leads',
    request: async (ctx) => ({
      url: `/api/widget/webchats/${await leadBotOfA(ctx)}/leads`,
      payload: { fields: { email: 'visitor@example.com' } },
    }),
    expect: everyone(201),
  },
  // Call control (issue 23). The operator's Transfer: userA's open session, whose agent has no
  // such destination (400 naming it) and another owner's 404. The dial result is Twilio's own.
  {
    method: 'POST',
    route: '/api/sessions/transfer',
    request: async (ctx) => ({ payload: { streamSid: await sessionOfA(ctx), destination: 'Sales desk' } }),
    expect: onlyA(400),
  },
  {
    method: 'POST',
    route: '/api/twilio/dial-result',
    request: () => ({
      url: '/api/twilio/dial-result?streamSid=MZ1',
      payload: `CallSid=CA${'1'.repeat(32)}&AccountSid=AC1&DialCallStatus=completed`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: everyone(403),
  },
  // Keypad and voicemail (issue 23): Twilio's answering machine verdict, public but only Twilio's
  // signature gets through.
  {
    method: 'POST',
    route: '/api/twilio/amd-status',
    request: () => ({
      payload: `CallSid=CA${'1'.repeat(32)}&AccountSid=AC1&AnsweredBy=machine_end_beep`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: everyone(403),
  },
  // Citations (issue 24): the read-only excerpt of a cited document, public like the chat.
  {
    method: 'GET',
    route: '/api/widget/webchats/:id/excerpts/:page/:passage',
    request: async (ctx) => ({ url: `/api/widget/webchats/${await documentBotOfA(ctx)}/excerpts/0/0` }),
    expect: everyone(200),
  },
  // Documents in knowledge (issue 24): any signed-in user reads a file's text; nothing is stored.
  {
    method: 'POST',
    route: '/api/webchats/documents',
    request: () => ({
      url: '/api/webchats/documents?name=hours.txt',
      payload: 'Opening hours: 9 to 5.',
      headers: { 'content-type': 'text/plain' },
    }),
    expect: signedIn(200),
  },
  // Knowledge for voice agents (issue 24): the effective user's own bots that have knowledge.
  { method: 'GET', route: '/api/agents/knowledge-bots', expect: signedIn(200) },
  // Re-crawl schedules (issue 24): the owner's bot only. A's bot has no website yet, so a run now is
  // refused before any request.
  {
    method: 'GET',
    route: '/api/webchats/:id/recrawl',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}/recrawl` }),
    expect: onlyA(200),
  },
  {
    method: 'PUT',
    route: '/api/webchats/:id/recrawl',
    request: async (ctx) => ({
      url: `/api/webchats/${await webchatOfA(ctx)}/recrawl`,
      payload: { frequency: 'daily' },
    }),
    expect: onlyA(200),
  },
  {
    method: 'POST',
    route: '/api/webchats/:id/recrawl/run',
    request: async (ctx) => ({ url: `/api/webchats/${await webchatOfA(ctx)}/recrawl/run` }),
    expect: onlyA(400),
  },
];

/** A fresh webhook endpoint of userA (a documentation name, never reached); its id. */
async function endpointOfA(ctx: MatrixContext): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await ctx.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      user_id: ctx.users.userA.id,
      url: 'https://hooks.example.com/in',
      description: '',
      events: '["call.ended"]',
      enabled: 0,
      secret: sealSecret(ctx.secretBox, id, 'secret', newSigningSecret()),
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A delivery to a fresh (disabled) endpoint of userA; its id. */
async function deliveryOfA(ctx: MatrixContext): Promise<string> {
  const endpointId = await endpointOfA(ctx);
  const eventId = newEventId();
  const [id] = await queueDeliveries(
    ctx.db,
    { userId: ctx.users.userA.id, eventId, eventType: 'webhook.test', eventKey: eventId, payload: '{}' },
    [endpointId],
    Date.now(),
  );
  return id as string;
}

/** A resource of userA: userA and an admin impersonating A reach it; everyone else gets 404. */
function onlyA(status: Expected): Record<SessionIdentity, Expected> {
  return { anonymous: 401, userA: status, userB: 404, admin: 404, superadmin: 404, adminImpersonatingA: status };
}

let phoneNumbers = 0;
function nextPhoneNumber(): string {
  phoneNumbers += 1;
  return `+1415${String(5_550_000 + phoneNumbers)}`;
}

/** A fresh agent of userA; its id. */
async function agentOfA(ctx: MatrixContext): Promise<string> {
  return (await insertAgent(ctx.db, ctx.users.userA.id, ctx.unique('agent'), Date.now())).row.id;
}

/** A fresh API key of userA; its id. */
async function apiKeyOfA(ctx: MatrixContext): Promise<string> {
  const id = crypto.randomUUID();
  const { hash, prefix } = newApiKey();
  await insertApiKey(ctx.db, {
    id,
    user_id: ctx.users.userA.id,
    name: ctx.unique('key'),
    scope: 'full',
    key_hash: hash,
    prefix,
    created_at: Date.now(),
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
  });
  return id;
}

/** A fresh tool of userA (its parameters require `city`); its id. */
async function toolOfA(ctx: MatrixContext): Promise<string> {
  const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
  const fields = { name: ctx.unique('tool'), description: 'Matrix tool', type: 'string', parameters, handler_code: '' };
  return (await insertTool(ctx.db, ctx.users.userA.id, fields, Date.now())).id;
}

/** A fresh MCP server of userA at a private address (refreshes are refused by the guard); its id. */
async function mcpServerOfA(ctx: MatrixContext): Promise<string> {
  const fields = { id: randomUUID(), name: ctx.unique('mcp'), url: 'http://127.0.0.1:9/mcp', bearer_token: null };
  return (await insertMcpServer(ctx.db, ctx.users.userA.id, fields, Date.now())).id;
}

/** A fresh custom value of userA; its name. */
async function customValueOfA(ctx: MatrixContext): Promise<string> {
  const name = ctx.unique('VALUE').replace(/-/g, '_');
  await saveCustomValue(ctx.db, ctx.users.userA.id, { name, value: 'matrix' }, Date.now());
  return name;
}

let sessions = 0;
/** A fresh open call session of userA; its stream SID. */
async function sessionOfA(ctx: MatrixContext): Promise<string> {
  sessions += 1;
  const streamSid = `MZmatrix${String(sessions).padStart(24, '0')}`;
  await insertSession(ctx.db, {
    stream_sid: streamSid,
    call_sid: `CAmatrix${String(sessions).padStart(24, '0')}`,
    user_id: ctx.users.userA.id,
    agent_id: await agentOfA(ctx),
    agent_name: 'Matrix agent',
    from_number: '+14155550100',
    to_number: '+14155550101',
    call_type: 'inbound',
    start_time: Date.now(),
  });
  return streamSid;
}

/** A fresh call session of userA with a recording (its row: the matrix has no audio to serve). */
async function recordedSessionOfA(ctx: MatrixContext): Promise<string> {
  const streamSid = await sessionOfA(ctx);
  await ctx.db
    .insertInto('call_recordings')
    .values({
      stream_sid: streamSid,
      user_id: ctx.users.userA.id,
      status: 'ready',
      storage_key: `${ctx.users.userA.id}/${streamSid}.ulaw`,
      store: 'folder',
      duration_ms: 1000,
      bytes: 16_000,
      error: null,
      instance_id: null,
      started_at: Date.now(),
      finished_at: Date.now(),
    })
    .execute();
  return streamSid;
}

/** A fresh call session of userA whose analysis failed; its stream SID. */
async function failedAnalysisOfA(ctx: MatrixContext): Promise<string> {
  const streamSid = await sessionOfA(ctx);
  const at = Date.now();
  await ctx.db
    .insertInto('analysis_jobs')
    .values({
      id: crypto.randomUUID(),
      user_id: ctx.users.userA.id,
      kind: 'call',
      stream_sid: streamSid,
      conversation_id: null,
      source_id: 'matrix',
      status: 'failed',
      attempts: 1,
      run_after: at,
      error: 'Matrix failure',
      created_at: at,
      updated_at: at,
      finished_at: at,
    })
    .execute();
  return streamSid;
}

/** A fresh agent of userA holding a fresh number; the number. */
async function numberOfA(ctx: MatrixContext): Promise<string> {
  const phoneNumber = nextPhoneNumber();
  await associateNumber(ctx.db, ctx.users.userA.id, await agentOfA(ctx), phoneNumber, Date.now());
  return phoneNumber;
}

/** A fresh bot of userA; its id. */
async function webchatOfA(ctx: MatrixContext): Promise<string> {
  const columns = { ...NEW_WEBCHAT_COLUMNS, name: ctx.unique('bot'), description: 'Matrix bot' };
  return (await insertWebchat(ctx.db, ctx.users.userA.id, columns, [], Date.now())).row.id;
}

/** A fresh bot of a fresh user who saved no OpenAI key; its id. */
async function webchatOfKeyless(ctx: MatrixContext): Promise<string> {
  const owner = await ctx.createUser();
  return (
    await insertWebchat(
      ctx.db,
      owner.id,
      { ...NEW_WEBCHAT_COLUMNS, name: 'Keyless bot', description: 'Matrix bot' },
      [],
      Date.now(),
    )
  ).row.id;
}

/** A fresh visitor conversation of userA's bot `webchatId`; its id. */
async function conversationOf(ctx: MatrixContext, webchatId: string): Promise<string> {
  const id = newConversationId();
  const at = Date.now();
  await insertConversation(ctx.db, {
    id,
    user_id: ctx.users.userA.id,
    webchat_id: webchatId,
    at,
    expires_at: at + 3_600_000,
  });
  return id;
}

/** A fresh demo of a fresh bot of userA; its id. The link is a blocked address, so the page never leaves the machine. */
async function demoOfA(ctx: MatrixContext): Promise<string> {
  return (await insertDemo(ctx.db, await webchatOfA(ctx), 'http://127.0.0.1:9/', Date.now())).id;
}

/** The feedback URL of a fresh answer in a fresh visitor conversation of userA's bot. */
async function answerFeedbackUrl(ctx: MatrixContext): Promise<string> {
  const webchatId = await webchatOfA(ctx);
  const conversationId = await conversationOf(ctx, webchatId);
  const messageId = randomUUID();
  const at = Date.now();
  await ctx.db
    .insertInto('chat_messages')
    .values({
      id: messageId,
      conversation_id: conversationId,
      seq: 1,
      role: 'assistant',
      text: 'An answer',
      created_at: at,
      expires_at: at + 3_600_000,
      tool_name: null,
      tool_args: null,
      tool_output: null,
      is_error: 0,
    })
    .execute();
  return `/api/widget/webchats/${webchatId}/conversations/${conversationId}/messages/${messageId}/feedback`;
}

/** A fresh bot of userA that asks for an email before the chat (issue 25); its id. */
async function leadBotOfA(ctx: MatrixContext): Promise<string> {
  const lead_capture = JSON.stringify({ ...LEAD_CAPTURE_OFF, enabled: true });
  const columns = { ...NEW_WEBCHAT_COLUMNS, name: ctx.unique('bot'), description: 'Matrix bot', lead_capture };
  return (await insertWebchat(ctx.db, ctx.users.userA.id, columns, [], Date.now())).row.id;
}

/** A fresh bot of userA whose knowledge is one selected document (a page without an address); its id. */
async function documentBotOfA(ctx: MatrixContext): Promise<string> {
  const webchatId = await webchatOfA(ctx);
  const page = { url: '', text: 'Opening hours: 9 to 5.', selected: true, fileName: 'Guide.pdf' };
  await saveKnowledge(ctx.db, webchatId, { siteUrl: '', pages: [page], summary: '' });
  return webchatId;
}
