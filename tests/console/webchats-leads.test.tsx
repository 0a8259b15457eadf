/**
 * Lead capture in the console (issue 25): the Behaviour tab's Lead capture part (its fields go
 * out with Save), and the Leads tab: the leads newest first with their conversation links, the
 * empty and failed states, and Export CSV.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebchatLead } from '../../shared/types/lead.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { botRoutes, makeBot, toast } from './webchats-fixtures.js';

const LEADS: WebchatLead[] = [
  {
    id: 'l2',
    conversation_id: 'conv-2',
    created_at: Date.UTC(2026, 10, 2, 9),
    fields: [
      { key: 'name', label: 'Name', value: 'Grace Hopper' },
      { key: 'email', label: 'Email', value: 'grace@example.com' },
    ],
  },
  {
    id: 'l1',
    conversation_id: 'conv-1',
    created_at: Date.UTC(2026, 10, 1, 9),
    fields: [{ key: 'email', label: 'Email', value: 'ada@example.com' }],
  },
];

describe('the Leads tab', () => {
  it('lists the leads newest first, each with its fields and a link to its conversation', async () => {
    const bot = makeBot();
    renderAsUser(
      '/webchats/bot-1?tab=leads',
      botRoutes(bot, {
        'GET /webchats/bot-1/leads': { body: { leads: LEADS, total: 2, page: 1, pageSize: 25 } },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Leads' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Grace Hopper');
    expect(items[0]!.textContent).toContain('grace@example.com');
    const link = within(items[1]!).getByRole('link', { name: 'Conversation, open conversation' });
    expect(link.getAttribute('href')).toBe('/webchats/bot-1?tab=conversations&conversation=conv-1');
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('says when there are none, and when they could not be loaded', async () => {
    const bot = makeBot();
    renderAsUser(
      '/webchats/bot-1?tab=leads',
      botRoutes(bot, { 'GET /webchats/bot-1/leads': { body: { leads: [], total: 0, page: 1, pageSize: 25 } } }),
    );
    expect(await screen.findByText('No leads yet')).toBeTruthy();
  });

  it('shows the failure', async () => {
    const bot = makeBot();
    renderAsUser(
      '/webchats/bot-1?tab=leads',
      botRoutes(bot, { 'GET /webchats/bot-1/leads': { status: 500, body: { error: 'boom' } } }),
    );
    expect(await screen.findByText(/Failed to load leads|boom/)).toBeTruthy();
  });
});

describe('the Lead capture part of Bot Behaviour', () => {
  it('turns the form on with its fields and saves them with the bot', async () => {
    const bot = makeBot();
    const { user, fake } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(bot, {
        'PUT /webchats/bot-1': (call) => ({ body: { ...bot, ...(call.body as object) } }),
      }),
    );
    const section = await screen.findByRole('region', { name: 'Lead capture' });
    await user.click(within(section).getByRole('checkbox', { name: 'Ask visitors for their contact details' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Phone' }));
    await user.type(within(section).getByLabelText('Custom field 1'), 'Order number');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Bot updated successfully')).toBeTruthy();
    const sent = (fake.callsTo('PUT /webchats/bot-1')[0]!.body as { lead_capture: unknown }).lead_capture;
    expect(sent).toEqual({
      enabled: true,
      when: 'before_chat',
      after_messages: 2,
      fields: [
        { key: 'name', label: '', required: false },
        { key: 'email', label: '', required: true },
        { key: 'phone', label: '', required: false },
        { key: 'custom1', label: 'Order number', required: false },
      ],
      intro: '',
      submit_label: '',
    });
  });
});
