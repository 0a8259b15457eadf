/**
 * After the soak's traffic: nothing may be left open or lost. Every operator's active sessions
 * drain to none, and every call in which the caller heard the agent has its caller and agent
 * transcript stored. What is missing counts as unexpected.
 */
import type { SessionMessage } from '../../shared/types/session.js';
import type { CallLine } from './soakCalls.js';
import { authed, type SoakContext } from './soakSetup.js';

const DRAIN_MS = 15_000;

/** Returns how many calls were checked. */
export async function verifyCalls(ctx: SoakContext, line: CallLine): Promise<number> {
  for (const op of line.operators) {
    const until = Date.now() + DRAIN_MS;
    let open = -1;
    while (open !== 0 && Date.now() < until) {
      const active = await ctx.tally.json<{ sessions: unknown[] }>(
        'check: active sessions',
        `${ctx.url}/api/sessions/active-sessions`,
        { address: op.address, headers: authed(op.token) },
      );
      open = active?.sessions.length ?? -1;
      if (open !== 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (open !== 0)
      ctx.tally.fail(
        'check: active sessions',
        `${op.username} still has ${open} open session(s) after every call ended`,
      );
  }
  let checked = 0;
  for (const call of line.placed) {
    if (call.answers === 0) continue;
    const rows = await ctx.tally.json<SessionMessage[]>(
      'check: transcript',
      `${ctx.url}/api/sessions/messages/${call.streamSid}`,
      { address: call.operator.address, headers: authed(call.operator.token) },
    );
    if (!rows) continue;
    checked += 1;
    const user = rows.filter((row) => row.type === 'user').length;
    const agent = rows.filter((row) => row.type === 'assistant').length;
    if (user < 1 || agent < 1)
      ctx.tally.fail(
        'check: transcript',
        `${call.streamSid}: ${user} caller and ${agent} agent messages stored after ${call.answers} answered turn(s)`,
      );
  }
  return checked;
}
