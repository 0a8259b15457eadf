/**
 * The keypad and voicemail settings of an agent (issue 23): off by default, saved and read back,
 * and a bad value refused with a 400 that names its field, leaving the agent as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../shared/types/agent.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Call, signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
let call: Call;
let agent: Agent;

const patch = (body: unknown) => call('PATCH', `/api/agents/${agent.id}`, body);

beforeAll(async () => {
  t = await createTestApp();
  call = (await signedInCaller(t)).call;
  agent = (await call('POST', '/api/agents', { name: 'Dialler' })).json<Agent>();
});
afterAll(() => t.close());

describe('keypad and voicemail settings', () => {
  it('are off on a new agent', () => {
    expect(agent).toMatchObject({ press_digits: false, voicemail_action: 'off', voicemail_message: '' });
  });

  it('are saved and read back', async () => {
    const saved = await patch({
      press_digits: true,
      voicemail_action: 'leave_message',
      voicemail_message: '  Hi, this is Acme Dental calling about your appointment. Please call us back.  ',
    });
    expect(saved.statusCode).toBe(200);
    const read = (await call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    expect(read).toMatchObject({
      press_digits: true,
      voicemail_action: 'leave_message',
      voicemail_message: 'Hi, this is Acme Dental calling about your appointment. Please call us back.',
    });
    expect((await patch({ voicemail_action: 'hang_up' })).json<Agent>().voicemail_action).toBe('hang_up');
  });

  it.each<[Record<string, unknown>, string]>([
    [{ press_digits: 'yes' }, 'press_digits: must be true or false'],
    [{ voicemail_action: 'beep' }, 'voicemail_action: must be one of off, hang_up, leave_message'],
    [{ voicemail_message: 12 }, 'voicemail_message: must be a string'],
    [{ voicemail_message: 'x'.repeat(1001) }, 'voicemail_message: must be at most 1000 characters long'],
    [
      { voicemail_action: 'leave_message', voicemail_message: '   ' },
      'voicemail_message: is required when voicemail_action is leave_message',
    ],
  ])('%j → 400 "%s"', async (body, error) => {
    const before = (await call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    const response = await patch({ description: 'must not be saved', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: 'validation_failed' });
    expect((await call('GET', `/api/agents/${agent.id}`)).json()).toEqual(before);
  });

  it('refuses asking for a message to be left when the stored message is blank', async () => {
    const fresh = (await call('POST', '/api/agents', { name: 'No message yet' })).json<Agent>();
    const response = await call('PATCH', `/api/agents/${fresh.id}`, { voicemail_action: 'leave_message' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('voicemail_message: is required when voicemail_action is leave_message');
  });
});
