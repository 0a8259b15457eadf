/**
 * Leads (issue 25): the widget's public route that takes a visitor's contact form (checked against
 * the bot's form, field by field, named), the conversation it is kept with (not asked again after
 * a reload), the owner's list and CSV export (nobody else's), request_contact offered to the model,
 * and the lead.captured webhook event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_DEFAULTS } from '../../server/webhooks/webhookConfig.js';
import type { LeadCapture } from '../../shared/leadCapture.js';
import type { LeadSubmitResponse, WebchatLeadsPage } from '../../shared/types/lead.js';
import type { Webchat } from '../../shared/types/webchat.js';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhookReceiver.js';
import { type ChatBed, eventData, newAddress, startChatBed } from '../helpers/chatServer.js';

const FORM: LeadCapture = {
  enabled: true,
  when: 'before_chat',
  after_messages: 2,
  fields: [
    { key: 'name', label: 'Your name', required: false },
    { key: 'email', label: '', required: true },
    { key: 'phone', label: '', required: false },
    { key: 'custom1', label: 'Order number', required: false },
  ],
  intro: '',
  submit_label: '',
};

let bed: ChatBed;
let receiver: WebhookReceiver;
let bot: Webchat;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  bed = await startChatBed({
    config: { outboundAllow: [receiver.hostPort], webhooks: { ...WEBHOOK_DEFAULTS } },
  });
  bot = await bed.owner.createBot({ name: 'Shop', lead_capture: FORM });
});
afterAll(async () => {
  await bed?.close();
  await receiver?.close();
});

const submit = (botId: string, body: unknown, remoteAddress = newAddress()) =>
  bed.t.app.inject({
    method: 'POST',
    url: `/api/widget/webchats/${botId}/leads`,
    payload: body as object,
    remoteAddress,
  });

describe('the public lead route', () => {
  it('keeps a form sent before the first message with a new conversation that the chat then continues', async () => {
    const sent = await submit(bot.id, { fields: { name: '  Ada  Lovelace ', email: 'ada@example.com' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const { conversationId } = sent.json<LeadSubmitResponse>();

    const again = await submit(bot.id, { conversationId, fields: { email: 'ada@example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe('Your contact details were already sent in this conversation');

    bed.fake.enqueue({ text: 'Hello Ada-less answer' });
    const answer = await bed.inject(bot.id, { conversationId, text: 'Hi' });
    expect(eventData(answer, 'start').conversationId).toBe(conversationId);
    // The model reads that the details came, never the details.
    const system = JSON.stringify(bed.fake.requests.at(-1)?.body.messages?.[0]);
    expect(system).toContain('already sent their contact details');
    expect(system).not.toContain('ada@example.com');
    expect(system).not.toContain('Lovelace');

    const reload = await bed.conversation(bot.id, conversationId);
    expect(reload.json).toMatchObject({ conversationId, leadSent: true });
  });

  it.each([
    [{ fields: { email: 'not-an-address' } }, 'fields.email: must be an email address like name@example.com'],
    [{ fields: { name: 'Ada' } }, 'fields.email: is required'],
    [
      { fields: { email: 'a@b.co', phone: 'call me' } },
      'fields.phone: must be a phone number (digits, spaces, + ( ) - .)',
    ],
    [{ fields: { email: 'a@b.co', phone: '12' } }, 'fields.phone: must be a phone number (digits, spaces, + ( ) - .)'],
    [{ fields: { email: 'a@b.co', name: 'x'.repeat(201) } }, 'fields.name: must be at most 200 characters'],
    [{ fields: { email: 'a@b.co', company: 'Acme' } }, 'fields.company: is not a field of this form'],
    [{ fields: { email: 'a@b.co', custom1: 42 } }, 'fields.custom1: must be a text'],
    [{ fields: 'ada@example.com' }, 'fields: must be an object of the form’s answers'],
    [{ fields: { email: 'a@b.co' }, extra: 1 }, 'extra: is not an accepted field'],
    [
      { conversationId: 'short', fields: { email: 'a@b.co' } },
      'conversationId: must be a conversation id from this chat',
    ],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const response = await submit(bot.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(message);
  });

  it('refuses a conversation of another bot, a bot without lead capture, and a body past its size', async () => {
    const other = await bed.owner.createBot({ name: 'Other', lead_capture: FORM });
    const theirs = (await submit(other.id, { fields: { email: 'a@b.co' } })).json<LeadSubmitResponse>();
    const crossed = await submit(bot.id, { conversationId: theirs.conversationId, fields: { email: 'a@b.co' } });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json<{ error: string }>().error).toBe('Conversation not found');

    const plain = await bed.owner.createBot({ name: 'Plain' });
    const off = await submit(plain.id, { fields: { email: 'a@b.co' } });
    expect(off.statusCode).toBe(404);
    expect(off.json<{ error: string }>().error).toBe('This chat takes no contact details');

    const huge = await submit(bot.id, { fields: { email: 'a@b.co', name: 'x'.repeat(20_000) } });
    expect(huge.statusCode).toBe(413);
  });

  it('is limited per visitor like chat messages', async () => {
    const limited = await startChatBed({ chat: { visitorMessagesPerMinute: 2 } });
    try {
      const own = await limited.owner.createBot({ lead_capture: FORM });
      const post = () =>
        limited.t.app.inject({
          method: 'POST',
          url: `/api/widget/webchats/${own.id}/leads`,
          payload: { fields: { email: 'a@b.co' } },
          remoteAddress: '203.0.113.9',
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the owner’s leads', () => {
  it('lists them newest first and exports CSV with formula cells neutralised; another user sees none', async () => {
    const own = await bed.owner.createBot({ name: 'Exports', lead_capture: FORM });
    await submit(own.id, { fields: { name: 'First', email: 'first@example.com' } });
    bed.t.clock.advance(1000);
    await submit(own.id, {
      fields: { name: '=HYPERLINK("http://evil.example","x")', email: 'second@example.com', custom1: '@SUM(1,2)' },
    });
    bed.t.clock.advance(1000);
    await submit(own.id, {
      fields: { name: '+cmd', email: 'third@example.com', phone: '+1 415 555 0100', custom1: '-2+3' },
    });

    const page = await bed.owner.call('GET', `/api/webchats/${own.id}/leads`);
    expect(page.statusCode).toBe(200);
    const { leads, total } = page.json<WebchatLeadsPage>();
    expect(total).toBe(3);
    expect(leads.map((lead) => lead.fields.find((f) => f.key === 'email')?.value)).toEqual([
      'third@example.com',
      'second@example.com',
      'first@example.com',
    ]);
    expect(leads[2]?.fields).toEqual([
      { key: 'name', label: 'Your name', value: 'First' },
      { key: 'email', label: 'Email', value: 'first@example.com' },
    ]);

    const csv = await bed.owner.call('GET', `/api/webchats/${own.id}/leads/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="switchboard-exports-leads-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Time,Conversation,Your name,Email,Phone,Company,Order number,custom2,custom3');
    expect(lines[1]).toMatch(/^[^,]+,[^,]+,'\+cmd,third@example\.com,\+1 415 555 0100,,'-2\+3,,$/);
    expect(lines[2]).toMatch(
      /,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",second@example\.com,,,"'@SUM\(1,2\)",,$/,
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');

    const mallory = await bed.newOwner();
    expect((await mallory.call('GET', `/api/webchats/${own.id}/leads`)).statusCode).toBe(404);
    expect((await mallory.call('GET', `/api/webchats/${own.id}/leads/export`)).statusCode).toBe(404);
    const count = await bed.owner.call('GET', `/api/webchats/${own.id}/leads?page=2`);
    expect(count.json<WebchatLeadsPage>()).toMatchObject({ leads: [], total: 3, page: 2 });
  });
});

describe('request_contact', () => {
  it('is offered while the form waits, shows the form when called, and goes once it is sent', async () => {
    const asking = await bed.owner.createBot({ name: 'Asks', lead_capture: { ...FORM, when: 'on_request' } });
    bed.fake.enqueue({ toolCalls: [{ name: 'request_contact', arguments: '{}' }] });
    bed.fake.enqueue({ text: 'Please fill in the form below.' });
    const first = await bed.inject(asking.id, { text: 'Can someone call me back?' });
    const done = eventData<{ conversationId: string; contactRequested?: boolean }>(first, 'done');
    expect(done.contactRequested).toBe(true);
    const [offer, after] = bed.fake.requests.slice(-2);
    expect(offer?.body.tools?.map((tool) => tool.function.name)).toEqual(['request_contact']);
    const toolAnswer = after?.body.messages?.find((m) => m.role === 'tool');
    expect(String(toolAnswer?.content)).toContain('contact form is now shown');

    const sent = await submit(asking.id, { conversationId: done.conversationId, fields: { email: 'c@example.com' } });
    expect(sent.statusCode).toBe(201);
    bed.fake.enqueue({ text: 'Thanks!' });
    const next = await bed.inject(asking.id, { conversationId: done.conversationId, text: 'Done' });
    expect(eventData<{ contactRequested?: boolean }>(next, 'done').contactRequested).toBeUndefined();
    expect(bed.fake.requests.at(-1)?.body.tools).toBeUndefined();
  });

  it('is not offered with another "when", nor without lead capture', async () => {
    bed.fake.enqueue({ text: 'Hi' });
    await bed.inject(bot.id, { text: 'Hello' });
    expect(bed.fake.requests.at(-1)?.body.tools).toBeUndefined();
  });
});

describe('the lead.captured webhook event', () => {
  it('is delivered with the bot, the conversation, the fields and the time', async () => {
    const created = await bed.owner.call('POST', '/api/webhooks/endpoints', {
      url: receiver.url,
      events: ['lead.captured'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = (
      await submit(bot.id, { fields: { email: 'hook@example.com', custom1: 'A-17' } })
    ).json<LeadSubmitResponse>();
    const delivery = await receiver.nth(1);
    const payload = JSON.parse(delivery.body) as { type: string; data: { lead: Record<string, unknown> } };
    expect(payload.type).toBe('lead.captured');
    expect(payload.data.lead).toEqual({
      id: sent.leadId,
      bot: { id: bot.id, name: 'Shop' },
      conversationId: sent.conversationId,
      fields: [
        { key: 'email', label: 'Email', value: 'hook@example.com' },
        { key: 'custom1', label: 'Order number', value: 'A-17' },
      ],
      capturedAt: new Date(bed.t.clock.now()).toISOString(),
    });
  });
});
