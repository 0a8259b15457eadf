import type { Agent } from '../../../shared/types/agent.js';

/** The description a card shows: the agent's own, else the first 100 characters of its instructions. */
export function cardDescription(agent: Pick<Agent, 'description' | 'instructions'>): string {
  const description = (agent.description ?? '').trim();
  return description || (agent.instructions ?? '').slice(0, 100);
}
