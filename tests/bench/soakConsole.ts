/**
 * A console user in the soak: signed in with the console's real-time socket open, doing what a
 * person at the console does, one thing every one to three seconds: lists, edits of their agent
 * and bot, custom values saved again and again, tools and agents created and deleted, the
 * sessions pages and a transcript, now and then End Session on a live call. Signs in again every
 * five minutes (access tokens live fifteen) and reopens the socket with the new token.
 */
import WebSocket from 'ws';
import { handlerOf } from '../helpers/sandboxHandlers.js';
import { authed, type Operator, type SoakContext, signIn } from './soakSetup.js';

const SIGN_IN_AGAIN_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Action = (ctx: SoakContext, op: Operator, n: number) => Promise<void>;

const get = (ctx: SoakContext, op: Operator, kind: string, path: string) =>
  ctx.tally.json<unknown>(kind, `${ctx.url}${path}`, { address: op.address, headers: authed(op.token) });
const send = (ctx: SoakContext, op: Operator, kind: string, method: string, path: string, body?: unknown) =>
  ctx.tally.json<{ id?: string }>(kind, `${ctx.url}${path}`, {
    method,
    address: op.address,
    headers: authed(op.token),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Weighted: reads are what a console mostly does. */
const ACTIONS: Array<[number, Action]> = [
  [3, (ctx, op) => get(ctx, op, 'console list agents', '/api/agents').then(() => undefined)],
  [2, (ctx, op) => get(ctx, op, 'console get agent', `/api/agents/${op.agentId}`).then(() => undefined)],
  [
    1,
    (ctx, op, n) =>
      send(ctx, op, 'console update agent', 'PATCH', `/api/agents/${op.agentId}`, {
        instructions: `Greet callers warmly. Revision ${n}.`,
      }).then(() => undefined),
  ],
  [2, (ctx, op) => get(ctx, op, 'console list tools', '/api/tools').then(() => undefined)],
  [2, (ctx, op) => get(ctx, op, 'console list bots', '/api/webchats').then(() => undefined)],
  [
    1,
    (ctx, op, n) =>
      send(ctx, op, 'console update bot', 'PUT', `/api/webchats/${op.botId}`, {
        welcome_message: `Hello! How can we help? (${n})`,
      }).then(() => undefined),
  ],
  [2, (ctx, op) => get(ctx, op, 'console list custom values', '/api/custom-values').then(() => undefined)],
  [
    2,
    (ctx, op, n) =>
      send(ctx, op, 'console save custom value', 'POST', '/api/custom-values', {
        name: `SOAK_${n % 15}`,
        value: `value ${n}`,
      }).then(() => undefined),
  ],
  [1, (ctx, op) => get(ctx, op, 'console settings', '/api/accounts/settings').then(() => undefined)],
  [2, sessionsPage],
  [1, toolCycle],
  [1, agentCycle],
  [0.3, endLiveCall],
];
const WEIGHT = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);

async function sessionsPage(ctx: SoakContext, op: Operator): Promise<void> {
  await get(ctx, op, 'console active sessions', '/api/sessions/active-sessions');
  const page = (await get(ctx, op, 'console ended sessions', '/api/sessions/ended-sessions?limit=20')) as {
    sessions: Array<{ streamSid: string }>;
  } | null;
  const first = page?.sessions[0];
  if (first) await get(ctx, op, 'console transcript', `/api/sessions/messages/${first.streamSid}`);
}

async function toolCycle(ctx: SoakContext, op: Operator, n: number): Promise<void> {
  const tool = await send(ctx, op, 'console create tool', 'POST', '/api/tools', {
    name: `scratch_${n}`,
    description: 'A tool made and deleted again',
    type: 'object',
    parameters: { type: 'object', properties: { n: { type: 'number' } } },
    handler_code: handlerOf('return { twice: (args.n ?? 1) * 2 };'),
  });
  if (tool?.id) await send(ctx, op, 'console delete tool', 'DELETE', `/api/tools/${tool.id}`);
}

async function agentCycle(ctx: SoakContext, op: Operator, n: number): Promise<void> {
  const agent = await send(ctx, op, 'console create agent', 'POST', '/api/agents', { name: `Scratch agent ${n}` });
  if (agent?.id) await send(ctx, op, 'console delete agent', 'DELETE', `/api/agents/${agent.id}`);
}

async function endLiveCall(ctx: SoakContext, op: Operator): Promise<void> {
  const active = (await get(ctx, op, 'console active sessions', '/api/sessions/active-sessions')) as {
    sessions?: Array<{ streamSid: string }>;
  } | null;
  const live = active?.sessions?.[0];
  // The call may have ended since the list was read: the answer is then 200 "had already ended".
  if (!live) return;
  ctx.endedCalls.add(live.streamSid);
  await ctx.tally.request('console end session', `${ctx.url}/api/sessions/end-session`, {
    method: 'POST',
    address: op.address,
    headers: authed(op.token),
    body: JSON.stringify({ streamSid: live.streamSid }),
  });
}

function pick(): Action {
  let roll = Math.random() * WEIGHT;
  for (const [weight, action] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return ACTIONS[0]![1];
}

/** The console's socket; an unexpected close or error is an unexpected failure. */
function openSocket(ctx: SoakContext, op: Operator): { close: () => void } {
  const wsUrl = `${ctx.url.replace(/^http/, 'ws')}/api/frontend?token=${op.token}`;
  const socket = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': op.address } });
  let closing = false;
  socket.on('message', (data) => {
    const type = String((JSON.parse(String(data)) as { type?: unknown }).type);
    op.events.set(type, (op.events.get(type) ?? 0) + 1);
  });
  socket.on('error', (error) => ctx.tally.fail('console socket', `${op.username}: ${error.message}`));
  socket.on('close', (code, reason) => {
    if (!closing) ctx.tally.fail('console socket', `${op.username}: closed ${code} ${String(reason)}`);
  });
  return {
    close: () => {
      closing = true;
      socket.close(1000, 'done');
    },
  };
}

export async function runConsoleUser(ctx: SoakContext, op: Operator): Promise<void> {
  let socket = openSocket(ctx, op);
  let signedInAt = Date.now();
  for (let n = 0; ctx.running(); n++) {
    if (Date.now() - signedInAt > SIGN_IN_AGAIN_MS) {
      op.token = await signIn(ctx, op.username, op.password, op.address);
      signedInAt = Date.now();
      socket.close();
      socket = openSocket(ctx, op);
    }
    await pick()(ctx, op, n);
    await sleep(1000 + Math.random() * 2000);
  }
  socket.close();
}
