/**
 * Users for the HTTP bench, seeded straight into the database (the per-user quotas are the API's,
 * and the bench needs more rows than they allow): `count` tools with a realistic handler and
 * schema, `count` agents with two tools each, `count` ended calls, and account secrets.
 */
import { seedEndedSessions } from '../helpers/seedSessions.js';
import type { TestApp } from '../helpers/serverApp.js';
import { insertAgentsWithTools, insertTools } from './seedAgentsWithTools.js';

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
  const toolIds = await insertTools(
    t,
    user.id,
    Array.from({ length: count }, (_, i) => ({
      name: `${i % 2 ? 'Get' : 'get'}_weather_${(i * 7919) % count}`,
      description: `Looks up the weather, variant ${i}`,
      parameters: PARAMETERS,
      handlerCode: HANDLER,
      at: now + i,
    })),
  );
  const agentId = await insertAgentsWithTools(t, user.id, count, {
    toolIds,
    toolsPerAgent: TOOLS_PER_AGENT,
    instructions: INSTRUCTIONS,
    now,
  });
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
