/**
 * The Knowledge choice on the agent page (issue 24): the owner's bots that have knowledge as
 * checkboxes, usable from the keyboard, saved with the agent as knowledgeBots; a link to add
 * knowledge when no bot has any; bots beyond the limit cannot be ticked.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENT_LIMITS } from '../../shared/defaults.js';
import type { KnowledgeBotChoice } from '../../shared/types/agent.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { detailRoutes, makeAgent } from './agents-fixtures.js';

const BOTS: KnowledgeBotChoice[] = [
  { id: 'w1', name: 'Help Center', selectedPages: 12 },
  { id: 'w2', name: 'Shop FAQ', selectedPages: 1 },
];

async function openAgent(knowledgeBots: string[], bots: KnowledgeBotChoice[] = BOTS) {
  const agent = makeAgent({ id: 'a9', name: 'Desk Agent', knowledgeBots });
  const app = renderAsUser(
    '/agents/a9',
    detailRoutes(agent, {
      'GET /agents/knowledge-bots': { body: bots },
      'PATCH /agents/a9': ({ body }) => ({ body: { ...agent, ...(body as object) } }),
    }),
  );
  await screen.findByRole('heading', { name: 'Desk Agent', level: 1 });
  return app;
}

const section = () => screen.getByRole('region', { name: 'Knowledge' });
const box = async (name: RegExp) => within(section()).findByRole('checkbox', { name });

describe('Knowledge on the agent page', () => {
  it('lists the bots with knowledge, shows the saved choice, and Save sends the new list', async () => {
    const app = await openAgent(['w2']);
    expect((await box(/Help Center/)).getAttribute('aria-checked')).toBe('false');
    expect((await box(/Shop FAQ \(1 page\)/)).getAttribute('aria-checked')).toBe('true');
    expect(within(section()).getByText('(12 pages)')).toBeTruthy();

    // Keyboard only: focus the first box, Space ticks it.
    (await box(/Help Center/)).focus();
    await app.user.keyboard(' ');
    expect((await box(/Help Center/)).getAttribute('aria-checked')).toBe('true');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a9')[0]?.body).toEqual({ knowledgeBots: ['w2', 'w1'] });
  });

  it('sends nothing about knowledge when it is left as it was', async () => {
    const app = await openAgent(['w1']);
    await app.user.type(screen.getByRole('textbox', { name: /Description/ }), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a9')[0]?.body).not.toHaveProperty('knowledgeBots');
  });

  it('links to the bots when none has knowledge', async () => {
    await openAgent([], []);
    const link = await within(section()).findByRole('link', { name: 'Add knowledge to a bot' });
    expect(link.getAttribute('href')).toBe('/webchats');
  });

  it(`lets at most ${AGENT_LIMITS.maxKnowledgeBots} bots be ticked`, async () => {
    const many = Array.from({ length: AGENT_LIMITS.maxKnowledgeBots + 1 }, (_, i) => ({
      id: `b${i}`,
      name: `Bot ${i}`,
      selectedPages: 2,
    }));
    await openAgent(
      many.slice(0, AGENT_LIMITS.maxKnowledgeBots).map((b) => b.id),
      many,
    );
    const last = await box(new RegExp(`Bot ${AGENT_LIMITS.maxKnowledgeBots}`));
    expect(last.hasAttribute('disabled') || last.getAttribute('data-disabled') !== null).toBe(true);
  });
});
