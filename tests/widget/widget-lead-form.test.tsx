/**
 * The contact form in the widget (issue 25): before the chat (the composer waits), after the
 * visitor's Nth message, or when the model calls request_contact; labelled inputs of the right
 * types, problems tied to their inputs, sent once and not asked again in the conversation, nor
 * after a reload; the console's preview shows it at once.
 */
import { act, fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_CAPTURE_OFF, type LeadCapture } from '../../shared/leadCapture.js';
import { CONVERSATION_ID, fakeChatServer } from './fakeChatServer.js';
import { mountWidget } from './widgetTestKit.js';

const FORM: LeadCapture = {
  enabled: true,
  when: 'before_chat',
  after_messages: 2,
  fields: [
    { key: 'name', label: '', required: false },
    { key: 'email', label: '', required: true },
    { key: 'phone', label: 'Mobile', required: false },
    { key: 'company', label: '', required: false },
    { key: 'custom1', label: 'Order number', required: false },
  ],
  intro: 'Tell us how to reach you.',
  submit_label: 'Send details',
};

/** The chat server with its …/leads route: answers 201 and a conversation, or `leadAnswer` when set. */
function serverWithLeads(options: { leadSent?: boolean } = {}) {
  const chat = fakeChatServer();
  const leads: unknown[] = [];
  const state = { leadAnswer: null as Response | null };
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith('/leads')) {
      leads.push(JSON.parse(String(init.body)));
      return state.leadAnswer ?? Response.json({ conversationId: CONVERSATION_ID, leadId: 'l1' }, { status: 201 });
    }
    const answer = await chat.fetch(input, init);
    if (!url.includes('/conversations/') || !answer.ok) return answer;
    return Response.json({ ...(await answer.json()), leadSent: options.leadSent ?? false });
  });
  return { chat, leads, state, fetch };
}

function live(form: LeadCapture, server = serverWithLeads()) {
  vi.stubGlobal('fetch', server.fetch);
  const mounted = mountWidget({ webchatId: 'bot-1', serverUrl: 'http://127.0.0.1:9', welcomeMessage: 'Hi!' });
  act(() => mounted.handle.setLeadCapture(form));
  fireEvent.click(mounted.screen.getByRole('button', { name: 'Open chat' }));
  return { ...mounted, server };
}

const answerWith = (server: ReturnType<typeof serverWithLeads>, text: string, done: Record<string, unknown> = {}) => {
  const stream = server.chat.answer();
  stream.event('start', { conversationId: CONVERSATION_ID, userMessageId: `u-${text}` });
  stream.event('delta', { text });
  stream.event('done', {
    conversationId: CONVERSATION_ID,
    userMessageId: `u-${text}`,
    assistantMessageId: `a-${text}`,
    ...done,
  });
  stream.end();
};

const say = async (screen: ReturnType<typeof live>['screen'], text: string) => {
  fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true));
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the contact form before the chat', () => {
  it('stands in for the composer with labelled inputs of the right types, and takes focus', () => {
    const { screen, shadow } = live(FORM);
    const form = screen.getByRole('form', { name: 'Your contact details' });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(form.textContent).toContain('Tell us how to reach you.');
    const name = screen.getByLabelText('Name (optional)');
    const email = screen.getByLabelText('Email');
    const phone = screen.getByLabelText('Mobile (optional)');
    const company = screen.getByLabelText('Company (optional)');
    expect([name, email, phone, company].map((i) => [i.getAttribute('type'), i.getAttribute('autocomplete')])).toEqual([
      ['text', 'name'],
      ['email', 'email'],
      ['tel', 'tel'],
      ['text', 'organization'],
    ]);
    expect(email.getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Order number (optional)').getAttribute('type')).toBe('text');
    expect(shadow.activeElement).toBe(name);
    // Email is required: no way around the form.
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('shows each problem under its input, tied to it, and focuses the first wrong one', async () => {
    const { screen, shadow, server } = live(FORM);
    fireEvent.input(screen.getByLabelText('Mobile (optional)'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send details' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (input: HTMLElement) =>
      shadow.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(describedBy(email)).toBe('Email is required.');
    expect(describedBy(screen.getByLabelText('Mobile (optional)'))).toBe(
      'Mobile must be a phone number (digits, spaces, + ( ) - .).',
    );
    expect(shadow.activeElement).toBe(email);
    expect(server.leads).toEqual([]);

    fireEvent.input(email, { target: { value: 'ada@example' } });
    expect(describedBy(email)).toBe('Email must be an email address like name@example.com.');
    fireEvent.input(email, { target: { value: 'ada@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the answers, opens the chat in the conversation the form started, and does not ask again', async () => {
    const { screen, shadow, server } = live(FORM);
    fireEvent.input(screen.getByLabelText('Name (optional)'), { target: { value: ' Ada ' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send details' }));
    expect(await screen.findByText('Thanks! Your details were sent.')).toBeTruthy();
    expect(server.leads).toEqual([{ fields: { name: 'Ada', email: 'ada@example.com' } }]);
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
    await waitFor(() => expect(shadow.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));

    answerWith(server, 'Hello Ada');
    await say(screen, 'Hi');
    expect(server.chat.sent).toEqual([{ conversationId: CONVERSATION_ID, text: 'Hi' }]);
    expect(localStorage.getItem('switchboard:conversation:bot-1')).toBe(CONVERSATION_ID);
  });

  it('says what the server refused, and lets the visitor skip when every field is optional', async () => {
    const server = serverWithLeads();
    server.state.leadAnswer = Response.json({ error: 'fields.email: must be at most 254 characters' }, { status: 400 });
    const optional = { ...FORM, fields: FORM.fields.map((f) => ({ ...f, required: false })) };
    const { screen, root } = live(optional, server);
    fireEvent.input(screen.getByLabelText('Email (optional)'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send details' }));
    await waitFor(() =>
      expect(root.querySelector('[role="alert"]')?.textContent).toBe('fields.email: must be at most 254 characters'),
    );
    expect(screen.getByRole('alert').textContent).toBe('fields.email: must be at most 254 characters');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
  });

  it('is not asked again after a reload of a conversation whose form was sent', async () => {
    localStorage.setItem('switchboard:conversation:bot-1', CONVERSATION_ID);
    const server = serverWithLeads({ leadSent: true });
    server.chat.conversation = {
      id: CONVERSATION_ID,
      messages: [{ id: 'u1', role: 'user', text: 'Hi', createdAt: 1 }],
    };
    const { screen } = live(FORM, server);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy());
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
    expect(screen.queryByText('Thanks! Your details were sent.')).toBeNull();
  });
});

describe('the contact form in the conversation', () => {
  it('shows after the visitor’s Nth message, as a card above a composer that still works', async () => {
    const { screen, server } = live({ ...FORM, when: 'after_messages', after_messages: 2 });
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
    answerWith(server, 'One');
    await say(screen, 'First');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy());
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
    answerWith(server, 'Two');
    await say(screen, 'Second');
    expect(await screen.findByRole('form', { name: 'Your contact details' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send details' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull());
    expect(server.leads).toEqual([{ conversationId: CONVERSATION_ID, fields: { email: 'ada@example.com' } }]);
  });

  it('shows when the model calls request_contact, and only then', async () => {
    const { screen, server } = live({ ...FORM, when: 'on_request' });
    answerWith(server, 'Hello');
    await say(screen, 'Hi');
    await waitFor(() => expect(screen.getByText('Hello')).toBeTruthy());
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
    answerWith(server, 'Please fill in the form below.', { contactRequested: true });
    await say(screen, 'Call me back');
    expect(await screen.findByRole('form', { name: 'Your contact details' })).toBeTruthy();
  });

  it('is asked again in a new conversation', async () => {
    const { screen, server } = live({ ...FORM, when: 'after_messages', after_messages: 1 });
    answerWith(server, 'One');
    await say(screen, 'First');
    fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send details' }));
    expect(await screen.findByText('Thanks! Your details were sent.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(screen.queryByText('Thanks! Your details were sent.')).toBeNull();
    answerWith(server, 'Again');
    await say(screen, 'Hello again');
    expect(await screen.findByRole('form', { name: 'Your contact details' })).toBeTruthy();
  });
});

describe('the console preview', () => {
  it('shows the form at once whatever its "when", follows the designer, and never blocks the chat', () => {
    const { handle, screen } = mountWidget({ preview: true, testChat: { post: vi.fn() }, welcomeMessage: 'Hi!' });
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
    act(() => handle.setLeadCapture({ ...FORM, when: 'on_request' }));
    expect(screen.getByRole('form', { name: 'Your contact details' })).toBeTruthy();
    act(() => handle.setLeadCapture({ ...FORM, when: 'before_chat' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    act(() => handle.setLeadCapture({ ...LEAD_CAPTURE_OFF }));
    expect(screen.queryByRole('form', { name: 'Your contact details' })).toBeNull();
  });
});
