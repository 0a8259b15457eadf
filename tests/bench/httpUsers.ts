/**
 * Users for the HTTP bench, seeded straight into the database (the per-user quotas are the API's,
 * and the bench needs more rows than they allow): `count` tools with a realistic handler and
 * schema, `count` agents with two tools each, `count` ended calls, and account secrets.
 */
import { randomUUID } from 'node:crypto';
import { insertAgent, updateAgent } from '../../server/db/agents.js';
import { seedEndedSessions } from '../helpers/seedSessions.js';
import type { TestApp } from '../helpers/serverApp.js';

const HANDLER = `const res = await fetch('https://api.example.com/weather?city=' + encodeURIComponent(args.city));
const data = await res.json();
return { city: args.city, temperature: data.temperature, unit: args.unit ?? 'celsius' };`;
const PARAMETERS = JSON.stringify({
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
  },
  required: ['city'],
});
const INSTRUCTIONS = 'You answer calls for a dental practice. Be brief and friendly. '.repeat(8);
const TOOLS_PER_AGENT = 2;

export interface BenchUser {
  id: string;
  headers: Record<string, string>;
  toolId: string;
  agentId: string;
}

/** A signed-in user owning `count` tools and agents, with the three account secrets set. */
export async function seedUser(t: TestApp, count: number, role = 'user'): Promise<BenchUser> {
  const user = await t.createUser({ role });
  const now = Date.now();
  // Names in mixed case and out of order, so the list's case-insensitive sort has work to do.
  const toolIds = Array.from({ length: count }, () => randomUUID());
  if (count > 0)
    await t.db
      .insertInto('tools')
      .values(
        toolIds.map((id, i) => ({
          id,
          user_id: user.id,
          name: `${i % 2 ? 'Get' : 'get'}_weather_${(i * 7919) % count}`,
          description: `Looks up the weather, variant ${i}`,
          type: 'function',
          parameters: PARAMETERS,
          handler_code: HANDLER,
          created_at: now + i,
          updated_at: now + i,
        })),
      )
      .execute();
  let agentId = '';
  for (let i = 0; i < count; i++) {
    const { row } = await insertAgent(t.db, user.id, `Agent ${i}`, now + i);
    const tools = Array.from({ length: TOOLS_PER_AGENT }, (_, k) => toolIds[(i + k) % count]!);
    await updateAgent(
      t.db,
      user.id,
      row.id,
      { instructions: INSTRUCTIONS, description: `Handles line ${i}` },
      tools,
      now + i,
    );
    agentId = row.id;
  }
  if (count > 0) await seedEndedSessions(t.db, user.id, agentId, count);
  const { accessToken } = await t.login(user.username, user.password);
  const headers = t.auth(accessToken);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/settings',
    headers,
    payload: {
      openai_api_key: 'sk-bench-0123456789abcdef',
      twilio_account_sid: 'AC0123456789abcdef',
      twilio_auth_token: 'bench-auth-token-0123',
    },
  });
  if (saved.statusCode !== 200) throw new Error(`seeding settings failed (${saved.statusCode})`);
  return { id: user.id, headers, toolId: toolIds[0] ?? '', agentId };
}
