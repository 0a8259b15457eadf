/**
 * Lead capture settings (issue 25): a bot's contact form is checked whole, every problem named by
 * its path, kept in the form's order, and given to the widget only while it is on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEAD_CAPTURE_OFF, type LeadCapture } from '../../shared/leadCapture.js';
import type { PublicWebchatConfig, Webchat } from '../../shared/types/webchat.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedIn, type WebchatCaller } from '../helpers/webchatServer.js';

let t: TestApp;
let alice: WebchatCaller;
let bot: Webchat;

const FORM: LeadCapture = {
  enabled: true,
  when: 'after_messages',
  after_messages: 3,
  fields: [
    { key: 'email', label: '', required: true },
    { key: 'custom1', label: 'Order number', required: false },
    { key: 'name', label: 'Your name', required: false },
  ],
  intro: 'Leave your details and we will get back to you.',
  submit_label: 'Send details',
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t);
  bot = await alice.createBot({ name: 'Shop' });
});
afterAll(() => t.close());

const publicConfig = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/widget/webchats/${bot.id}` })).json<PublicWebchatConfig>();

it('starts off, keeps a form in the fields’ order, and gives it to the widget only while on', async () => {
  expect(bot.lead_capture).toEqual(LEAD_CAPTURE_OFF);
  expect((await publicConfig()).leadCapture).toBeNull();

  const saved = await alice.call('PUT', `/api/webchats/${bot.id}`, { lead_capture: FORM });
  expect(saved.statusCode).toBe(200);
  const expected = {
    ...FORM,
    fields: [
      { key: 'name', label: 'Your name', required: false },
      { key: 'email', label: '', required: true },
      { key: 'custom1', label: 'Order number', required: false },
    ],
  };
  expect(saved.json<Webchat>().lead_capture).toEqual(expected);
  expect((await publicConfig()).leadCapture).toEqual(expected);

  await alice.call('PUT', `/api/webchats/${bot.id}`, { lead_capture: { ...FORM, enabled: false } });
  expect((await publicConfig()).leadCapture).toBeNull();
});

it.each([
  ['not an object', 'lead_capture: must be an object'],
  [{ ...FORM, colour: 'red' }, 'lead_capture.colour: is not an accepted field'],
  [{ ...FORM, enabled: 'yes' }, 'lead_capture.enabled: must be true or false'],
  [{ ...FORM, when: 'sometimes' }, 'lead_capture.when: must be one of before_chat, after_messages, on_request'],
  [{ ...FORM, after_messages: 0 }, 'lead_capture.after_messages: must be a whole number from 1 to 20'],
  [{ ...FORM, after_messages: 21 }, 'lead_capture.after_messages: must be a whole number from 1 to 20'],
  [{ ...FORM, after_messages: 2.5 }, 'lead_capture.after_messages: must be a whole number from 1 to 20'],
  [{ ...FORM, fields: 'email' }, 'lead_capture.fields: must be a list of fields'],
  [{ ...FORM, fields: [] }, 'lead_capture.fields: must have at least one field'],
  [
    { ...FORM, fields: [{ key: 'fax' }] },
    'lead_capture.fields[0].key: must be one of name, email, phone, company, custom1, custom2, custom3',
  ],
  [
    { ...FORM, fields: [{ key: 'email' }, { key: 'email' }] },
    'lead_capture.fields[1].key: email is already in the form',
  ],
  [
    { ...FORM, fields: [{ key: 'email' }, { key: 'custom2', label: '  ' }] },
    'lead_capture.fields[1].label: is required for a custom field',
  ],
  [
    { ...FORM, fields: [{ key: 'name', label: 'x'.repeat(61) }] },
    'lead_capture.fields[0].label: must be at most 60 characters long',
  ],
  [{ ...FORM, fields: [{ key: 'name', required: 'yes' }] }, 'lead_capture.fields[0].required: must be true or false'],
  [{ ...FORM, fields: [{ key: 'name', hint: 'x' }] }, 'lead_capture.fields[0].hint: is not an accepted field'],
  [{ ...FORM, intro: 'x'.repeat(301) }, 'lead_capture.intro: must be at most 300 characters long'],
  [{ ...FORM, submit_label: 7 }, 'lead_capture.submit_label: must be a text'],
  [{ ...FORM, submit_label: 'x'.repeat(41) }, 'lead_capture.submit_label: must be at most 40 characters long'],
])('refuses %j with a 400 naming the part', async (form, message) => {
  const response = await alice.call('PUT', `/api/webchats/${bot.id}`, { lead_capture: form });
  expect(response.statusCode).toBe(400);
  expect(response.json<{ error: string }>().error).toBe(message);
});

it('keeps request_contact for lead capture: no tool may take the name', async () => {
  const response = await alice.call('POST', '/api/tools', {
    name: 'request_contact',
    description: 'Mine',
    type: 'function',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json<{ error: string }>().error).toBe(
    'name: request_contact is reserved for lead capture; choose another name',
  );
});
