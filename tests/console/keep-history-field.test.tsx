/**
 * "Keep history" (issue 18) on the agent page (Advanced Settings) and the bot's Behaviour tab:
 * it shows the saved setting, offers Forever, 365/90/30/7 days and Don't keep, and Save sends
 * keep_history_days (null, days or 0).
 */

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsUser } from '../helpers/consoleRender.js';
import { choose, detailRoutes, makeAgent } from './agents-fixtures.js';
import { botRoutes, CREATED, makeBot } from './webchats-fixtures.js';

const OPTIONS = ['Forever', '365 days', '90 days', '30 days', '7 days', 'Don’t keep'];

describe('Keep history on the agent page', () => {
  it('shows the saved setting in Advanced Settings and PATCHes the new one', async () => {
    const agent = makeAgent({ id: 'a7', name: 'Weekly Agent', keep_history_days: 7 });
    const app = renderAsUser(
      '/agents/a7',
      detailRoutes(agent, { 'PATCH /agents/a7': ({ body }) => ({ body: { ...agent, ...(body as object) } }) }),
    );
    await screen.findByRole('heading', { name: 'Weekly Agent', level: 1 });
    const section = screen.getByRole('region', { name: 'Advanced Settings' });
    const field = within(section).getByRole('combobox', { name: 'Keep history' });
    expect(field.textContent).toBe('7 days');
    expect(within(section).getByText(/Don’t keep deletes each call within a minute of its end/)).toBeTruthy();

    await app.user.click(field);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(OPTIONS);
    await app.user.keyboard('{Escape}');
    await choose(app, 'Keep history', 'Don’t keep');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a7')[0]?.body).toEqual({ keep_history_days: 0 });
  });

  it('sends Forever as null', async () => {
    const agent = makeAgent({ id: 'a8', name: 'Monthly Agent', keep_history_days: 30 });
    const app = renderAsUser('/agents/a8', detailRoutes(agent, { 'PATCH /agents/a8': { body: agent } }));
    await screen.findByRole('heading', { name: 'Monthly Agent', level: 1 });
    await choose(app, 'Keep history', 'Forever');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a8')[0]?.body).toEqual({ keep_history_days: null });
  });
});

describe('Keep history on the bot’s Behaviour tab', () => {
  it('sits beside the short-term retention, says what each keeps, and is saved with the bot', async () => {
    const bot = makeBot();
    const { user, fake } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(bot, {
        'PUT /webchats/bot-1': (call) => ({ body: { ...bot, ...(call.body as object), updated_at: CREATED + 1000 } }),
      }),
    );
    const field = await screen.findByRole('combobox', { name: 'Keep history' });
    expect(field.textContent).toBe('Forever');
    const section = screen.getByRole('region', { name: 'Tools and memory' });
    expect(within(section).getByLabelText('Short-term Retention (seconds)')).toBeTruthy();
    expect(within(section).getByText(/^The bot’s memory: how far back it sees earlier messages/)).toBeTruthy();
    expect(
      within(section).getByText(/^How long conversations stay on the Conversations tab, in search and in exports/),
    ).toBeTruthy();

    await user.click(field);
    await user.click(await screen.findByRole('option', { name: '90 days' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Bot updated successfully')).toBeTruthy();
    expect(fake.callsTo('PUT /webchats/bot-1')[0]!.body).toMatchObject({
      keep_history_days: 90,
      short_term_messages_retention_period: 7200,
    });
  });

  it('shows a bot’s Don’t keep', async () => {
    renderAsUser('/webchats/bot-1', botRoutes(makeBot({ keep_history_days: 0 })));
    expect((await screen.findByRole('combobox', { name: 'Keep history' })).textContent).toBe('Don’t keep');
  });
});
