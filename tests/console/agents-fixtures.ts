/** Agents test data shared by the agents-*.test.tsx files (not a test file itself). */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { AGENT_DEFAULTS } from '../../shared/defaults.js';
import type { Agent } from '../../shared/types/agent.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { renderAsUser, type renderConsole } from '../helpers/consoleRender.js';

export function makeAgent(overrides: Partial<Agent> & Pick<Agent, 'id' | 'name'>): Agent {
  return { ...AGENT_DEFAULTS, phoneNumber: null, tools: [], ...overrides };
}

export const SUPPORT = makeAgent({
  id: 'a1',
  name: 'Support Bot',
  description: 'Answers support calls',
  instructions: 'Be kind.',
  voice: 'coral',
  phoneNumber: '+14155550100',
  tools: [
    { id: 't1', name: 'lookup_order', description: 'Finds an order' },
    { id: 't2', name: 'refund', description: 'Refunds an order' },
  ],
  speakFirst: true,
  transcription: true,
});

export const SALES = makeAgent({ id: 'a2', name: 'Sales Bot', voice: 'sage' });

export const TOOLS = [
  { id: 't1', name: 'lookup_order', description: 'Finds an order', type: 'function', parameters: {}, handler_code: '' },
  { id: 't2', name: 'refund', description: 'Refunds an order', type: 'function', parameters: {}, handler_code: '' },
  { id: 't3', name: 'weather', description: 'Tells the weather', type: 'function', parameters: {}, handler_code: '' },
];

/** The routes an agent detail page loads, with `extra` replacing any of them. */
export function detailRoutes(agent: Agent, extra: FakeRoutes = {}): FakeRoutes {
  return {
    [`GET /agents/${agent.id}`]: { body: agent },
    'GET /agents': { body: [SUPPORT, SALES] },
    'GET /tools': { body: TOOLS },
    'GET /agents/knowledge-bots': { body: [] },
    'GET /twilio/get-all-phone-numbers': {
      body: { success: true, phoneNumbers: [{ phoneNumber: '+14155550100' }, { phoneNumber: '+14155550111' }] },
    },
    'GET /phone-associations': {
      body: { success: true, associations: [{ phoneNumber: '+14155550100', agentId: 'a1', agentName: 'Support Bot' }] },
    },
    ...extra,
  };
}

/** Renders the agent's detail page for a signed-in user and waits for its heading. */
export async function openAgentDetail(agent: Agent = SALES, extra: FakeRoutes = {}) {
  const app = renderAsUser(`/agents/${agent.id}`, detailRoutes(agent, extra));
  await screen.findByRole('heading', { name: agent.name, level: 1 });
  return app;
}

/** Picks an option of a Radix select by the select's label. */
export async function choose(app: ReturnType<typeof renderConsole>, label: string, option: string) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: label }).textContent).toBe(option));
}
