import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_TEXTS } from '../../console/app/unsavedTexts.js';
import { LEAD_CAPTURE_OFF } from '../../shared/leadCapture.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { botRoutes, CREATED, makeBot, SCRIPT, toast } from './webchats-fixtures.js';

afterEach(() => vi.unstubAllGlobals());

describe('bot page of an existing bot', () => {
  it('shows the breadcrumb, title, Active switch, created time, the four tabs with Conversations after them, and the integration script', async () => {
    const bot = makeBot();
    renderAsUser('/webchats/bot-1', botRoutes(bot));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Settings' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Web Chats' }).getAttribute('href')).toBe('/webchats');
    expect(within(crumbs).getByText('Help Desk')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Active' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText(`Created ${new Date(CREATED).toLocaleString()}`)).toBeTruthy();
    // The spec's four, then the history's Conversations (issue 11) and the Leads (issue 25).
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(6);
    ['Bot Behaviour', 'Bot Appearance', 'Knowledge Base', 'Demo', 'Conversations', 'Leads'].forEach((name, i) => {
      expect(tabs[i]!.textContent).toMatch(new RegExp(`^${name}`));
    });
    expect(await screen.findByText(SCRIPT)).toBeTruthy();
    expect(screen.getByText(/Add this script to the body of every page/).textContent).toContain(
      'floating button at the bottom right',
    );
    expect(document.title).toBe('Help Desk · Switchboard');
  });

  it("copies the integration script and reads 'Copied!' for 2 s", async () => {
    const { user } = renderAsUser('/webchats/bot-1', botRoutes(makeBot()));
    await screen.findByText(SCRIPT);
    // Named by what it shows, in both states (WCAG 2.5.3 label in name, issue 18).
    const copy = screen.getByRole('button', { name: 'Copy Script' });
    await user.click(copy);
    // user-event puts its own clipboard in place; what it holds is what the page wrote.
    expect(await navigator.clipboard.readText()).toBe(SCRIPT);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBe(copy);
    expect(copy.textContent).toBe('Copied!');
    expect(await toast('Integration script copied to clipboard')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy Script' }).textContent).toBe('Copy Script'), {
      timeout: 3000,
    });
  });

  it('saves every Behaviour field with PUT and says so', async () => {
    const bot = makeBot();
    const { user, fake } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(bot, {
        'GET /tools': {
          body: [
            {
              id: 't1',
              name: 'lookup_order',
              description: 'Finds an order by its number and tells where the parcel is now',
              type: 'string',
              parameters: {},
              handler_code: '',
            },
          ],
        },
        'PUT /webchats/bot-1': (call) => ({ body: { ...bot, ...(call.body as object), updated_at: CREATED + 1000 } }),
      }),
    );
    const name = await screen.findByLabelText(/^Bot Name/);
    await user.clear(name);
    await user.type(name, 'Order Desk');
    await user.clear(screen.getByLabelText(/^Description/));
    await user.type(screen.getByLabelText(/^Description/), 'Tracks orders');
    await user.clear(screen.getByLabelText('System Prompt'));
    await user.type(screen.getByLabelText('System Prompt'), 'Be brief.');
    await user.clear(screen.getByLabelText('Welcome Message'));
    await user.type(screen.getByLabelText('Welcome Message'), 'Hello!');
    const temperature = screen.getByRole('slider', { name: 'Temperature' });
    fireEvent.change(temperature, { target: { value: '1.3' } });
    expect(screen.getByText('1.3')).toBeTruthy();
    const depth = screen.getByLabelText('Tool Recursion Depth');
    await user.clear(depth);
    await user.type(depth, '2x5');
    expect((depth as HTMLInputElement).value).toBe('25');
    await user.clear(screen.getByLabelText('Short-term Retention (seconds)'));
    await user.type(screen.getByLabelText('Short-term Retention (seconds)'), '0');
    const tool = await screen.findByRole('checkbox', { name: /lookup_order/ });
    expect(tool.closest('label')?.textContent).toBe(
      'lookup_order — Finds an order by its number and tells where the p...',
    );
    await user.click(tool);
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(screen.getByText('Inactive')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Offer "Talk to a person"' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Bot updated successfully')).toBeTruthy();
    expect(fake.callsTo('PUT /webchats/bot-1')[0]!.body).toEqual({
      name: 'Order Desk',
      description: 'Tracks orders',
      system_prompt: 'Be brief.',
      welcome_message: 'Hello!',
      model: 'gpt-4o-mini',
      temperature: 1.3,
      enabled: false,
      tool_recursion_depth: 25,
      short_term_messages_retention_period: 0,
      keep_history_days: null,
      allowed_sites: [],
      starter_questions: [],
      talk_to_person: true,
      lead_capture: LEAD_CAPTURE_OFF,
      tools: ['t1'],
      appearance: bot.appearance,
    });
  });

  it('keeps Starter Questions one per line, at most 4, and sends them trimmed', async () => {
    const bot = makeBot();
    const { user, fake } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(bot, {
        'PUT /webchats/bot-1': (call) => ({ body: { ...bot, ...(call.body as object), updated_at: CREATED + 1000 } }),
      }),
    );
    const questions = await screen.findByLabelText('Starter Questions');
    await user.type(questions, 'One?{Enter}Two?{Enter}Three?{Enter}Four?{Enter}Five?');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter at most 4 questions, one per line')).toBeTruthy();
    expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(0);
    await user.type(questions, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Bot updated successfully')).toBeTruthy();
    expect((fake.callsTo('PUT /webchats/bot-1')[0]!.body as { starter_questions: unknown }).starter_questions).toEqual([
      'One?',
      'Two?',
      'Three?',
      'Four?',
    ]);
  });

  it('keeps Allowed Sites one per line: warns while empty, refuses a line that is not a site at the field, sends the list', async () => {
    const bot = makeBot();
    const { user, fake } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(bot, {
        'PUT /webchats/bot-1': (call) => ({ body: { ...bot, ...(call.body as object), updated_at: CREATED + 1000 } }),
      }),
    );
    const sites = await screen.findByLabelText('Allowed Sites');
    expect(screen.getByText(/Any website can load this bot and spend your OpenAI tokens/)).toBeTruthy();
    await user.type(sites, 'shop.example.com{Enter}https://example.com/checkout');
    expect(screen.queryByText(/Any website can load this bot/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText(
        'Line 2 (https://example.com/checkout) must be an origin such as https://example.com or https://*.example.com (no path, query or user name)',
      ),
    ).toBeTruthy();
    expect(sites.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(0);
    await user.clear(sites);
    await user.type(sites, 'shop.example.com{Enter}{Enter}https://*.example.org ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Bot updated successfully')).toBeTruthy();
    expect((fake.callsTo('PUT /webchats/bot-1')[0]!.body as { allowed_sites: unknown }).allowed_sites).toEqual([
      'shop.example.com',
      'https://*.example.org',
    ]);
  });

  it('sends an empty tool recursion depth as null (the default) and shows the server reason when a save fails', async () => {
    const { user, fake } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(makeBot(), {
        'PUT /webchats/bot-1': {
          status: 400,
          body: { success: false, code: 'validation_failed', error: 'model: is required' },
        },
      }),
    );
    await user.clear(await screen.findByLabelText('Tool Recursion Depth'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Failed to update bot: model: is required')).toBeTruthy();
    expect(
      (fake.callsTo('PUT /webchats/bot-1')[0]!.body as { tool_recursion_depth: unknown }).tool_recursion_depth,
    ).toBeNull();
  });

  it('refuses to save without a name or with a colour that is not hex', async () => {
    const { user, fake } = renderAsUser('/webchats/bot-1', botRoutes(makeBot()));
    await user.clear(await screen.findByLabelText(/^Bot Name/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Bot name is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Bot Name/), 'Back');
    await user.click(screen.getByRole('tab', { name: /^Bot Appearance/ }));
    const primary = screen.getByLabelText('Primary Color');
    await user.clear(primary);
    await user.type(primary, 'red;background:url(x)');
    expect(screen.getByText('Enter a hex colour such as #0084ff')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(0);
  });

  it('opens the tab of a field that stops the save and puts focus on it', async () => {
    const { user, fake } = renderAsUser('/webchats/bot-1', botRoutes(makeBot()));
    await user.clear(await screen.findByLabelText(/^Bot Name/));
    await user.click(screen.getByRole('tab', { name: /^Demo/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Bot Name/)));
    expect(screen.getByRole('tab', { name: /^Bot Behaviour/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Bot name is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Bot Name/), 'Back');
    await user.click(screen.getByRole('tab', { name: /^Bot Appearance/ }));
    await user.clear(screen.getByLabelText('Primary Color'));
    await user.type(screen.getByLabelText('Primary Color'), 'blue');
    await user.click(screen.getByRole('tab', { name: /^Knowledge Base/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Primary Color')));
    expect(fake.callsTo('PUT /webchats/bot-1')).toHaveLength(0);
  });

  it("deletes after the confirmation, says 'Bot Help Desk deleted successfully' and returns to the list after 1.5 s", async () => {
    const { user, fake, location } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(makeBot(), {
        'DELETE /webchats/bot-1': { body: { success: true } },
        'GET /webchats': { body: [] },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Bot' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Bot' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this bot? This action cannot be undone.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toast('Bot Help Desk deleted successfully')).toBeTruthy();
    expect(fake.callsTo('DELETE /webchats/bot-1')).toHaveLength(1);
    expect(location()).toBe('/webchats/bot-1');
    await waitFor(() => expect(location()).toBe('/webchats'), { timeout: 2500 });
  });

  it("says 'Failed to delete bot' and stays when the delete fails", async () => {
    const { user, location } = renderAsUser(
      '/webchats/bot-1',
      botRoutes(makeBot(), { 'DELETE /webchats/bot-1': { status: 500 } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Bot' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await toast('Failed to delete bot')).toBeTruthy();
    expect(location()).toBe('/webchats/bot-1');
  });

  it("shows 'Bot not found' with 'Back to Web Chats' for a missing bot, and an alert when loading fails", async () => {
    renderAsUser('/webchats/nope', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Web Chats/ }).getAttribute('href')).toBe('/webchats');
  });

  it('shows an alert with the way back when the bot fails to load', async () => {
    renderAsUser('/webchats/bot-1', { 'GET /webchats/bot-1': { status: 500 } });
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe('Failed to load bot');
    // Like 'Bot not found': the way back is a button that says so, not only an arrow (issue 18).
    const back = screen.getByRole('link', { name: 'Back to Web Chats' });
    expect(back.textContent).toContain('Back to Web Chats');
    expect(back.getAttribute('href')).toBe('/webchats');
    expect(screen.getByRole('heading', { level: 1, name: 'Bot Settings' })).toBeTruthy();
  });

  it('asks before following a link away from unsaved edits; Cancel stays, Leave goes', async () => {
    const { user, location } = renderAsUser('/webchats/bot-1', botRoutes(makeBot()));
    await user.type(await screen.findByLabelText(/^Bot Name/), '!');
    const crumb = () =>
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Web Chats' });
    await user.click(crumb());
    const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_TEXTS.title });
    expect(location()).toBe('/webchats/bot-1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location()).toBe('/webchats/bot-1');
    await user.click(crumb());
    await user.click(
      within(await screen.findByRole('alertdialog', { name: UNSAVED_TEXTS.title })).getByRole('button', {
        name: UNSAVED_TEXTS.leave,
      }),
    );
    await waitFor(() => expect(location()).toBe('/webchats'));
  });
});

describe('creating a bot on the bot page', () => {
  it("creates with every field, says 'Bot created successfully' and opens the new bot after 0.5 s", async () => {
    const created = makeBot({ id: 'fresh', name: 'Fresh' });
    const { user, fake, location } = renderAsUser('/webchats/new', {
      ...botRoutes(created),
      'POST /webchats': { status: 201, body: created },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Bot' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Create New Bot')).toBeTruthy();
    // A bot not yet created has no Conversations tab.
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Delete Bot' })).toBeNull();
    expect(screen.queryByText('Integration Script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    expect(screen.getByText('Bot name is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Bot Name/), 'Fresh');
    await user.type(screen.getByLabelText(/^Description/), 'New one');
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    expect(await toast('Bot created successfully')).toBeTruthy();
    expect(fake.callsTo('POST /webchats')[0]!.body).toMatchObject({
      name: 'Fresh',
      description: 'New one',
      temperature: 0.7,
      model: 'gpt-4o-mini',
      enabled: true,
      tool_recursion_depth: 10,
      short_term_messages_retention_period: 7200,
      keep_history_days: null,
      tools: [],
      welcome_message: 'Hi there! How can I assist you today? 👋',
    });
    expect(location()).toBe('/webchats/new');
    await waitFor(() => expect(location()).toBe('/webchats/fresh'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Settings' })).toBeTruthy();
  });

  it("says 'Failed to create bot' when the create fails", async () => {
    const { user } = renderAsUser('/webchats/new', { 'GET /tools': { body: [] }, 'POST /webchats': { status: 500 } });
    await user.type(await screen.findByLabelText(/^Bot Name/), 'X');
    await user.type(screen.getByLabelText(/^Description/), 'Y');
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    expect(await toast('Failed to create bot')).toBeTruthy();
  });

  it("shows 'Loading tools...' and then 'No tools available'", async () => {
    let answer!: (value: { body: unknown }) => void;
    renderAsUser('/webchats/new', {
      'GET /tools': () => new Promise<{ body: unknown }>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Loading tools...')).toBeTruthy();
    answer({ body: [] });
    expect(await screen.findByText('No tools available')).toBeTruthy();
  });
});
