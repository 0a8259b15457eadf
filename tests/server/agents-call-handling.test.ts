/**
 * The keypad and voicemail settings of an agent (issue 23): stored with the other built-in
 * functions (`builtinFunctions.pressDigits`, `builtinFunctions.voicemail`), off by default, saved
 * and read back, and a bad value refused with a 400 that names its field in full, leaving the
 * agent as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../shared/types/agent.js';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type Call, signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;
let call: Call;
let agent: Agent;

const patch = (builtins: Record<string, unknown>) =>
  call('PATCH', `/api/agents/${agent.id}`, { builtinFunctions: { ...BUILTIN_FUNCTION_DEFAULTS, ...builtins } });

beforeAll(async () => {
  t = await createTestApp();
  call = (await signedInCaller(t)).call;
  agent = (await call('POST', '/api/agents', { name: 'Dialler' })).json<Agent>();
});
afterAll(() => t.close());

describe('keypad and voicemail settings', () => {
  it('are off on a new agent', () => {
    expect(agent.builtinFunctions).toMatchObject({
      pressDigits: { enabled: false },
      voicemail: { action: 'off', message: '' },
    });
  });

  it('are saved and read back with the other built-in functions', async () => {
    const saved = await patch({
      endCall: { enabled: true },
      pressDigits: { enabled: true },
      voicemail: {
        action: 'leave_message',
        message: '  Hi, this is Acme Dental calling about your appointment. Please call us back.  ',
      },
    });
    expect(saved.statusCode).toBe(200);
    const read = (await call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    expect(read.builtinFunctions).toMatchObject({
      endCall: { enabled: true },
      pressDigits: { enabled: true },
      voicemail: {
        action: 'leave_message',
        message: 'Hi, this is Acme Dental calling about your appointment. Please call us back.',
      },
    });
    const hangUp = await patch({ voicemail: { action: 'hang_up' } });
    expect(hangUp.json<Agent>().builtinFunctions?.voicemail).toEqual({ action: 'hang_up', message: '' });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ pressDigits: { enabled: 'yes' } }, 'builtinFunctions.pressDigits.enabled: must be true or false'],
    [{ pressDigits: true }, 'builtinFunctions.pressDigits: must be an object'],
    [
      { voicemail: { action: 'beep' } },
      'builtinFunctions.voicemail.action: must be one of off, hang_up, leave_message',
    ],
    [{ voicemail: { action: 'off', message: 12 } }, 'builtinFunctions.voicemail.message: must be a string'],
    [
      { voicemail: { action: 'hang_up', message: 'x'.repeat(1001) } },
      'builtinFunctions.voicemail.message: must be at most 1000 characters long',
    ],
    [
      { voicemail: { action: 'leave_message', message: '   ' } },
      'builtinFunctions.voicemail.message: is required when action is leave_message',
    ],
    [
      { voicemail: { action: 'leave_message' } },
      'builtinFunctions.voicemail.message: is required when action is leave_message',
    ],
  ])('%j → 400 "%s"', async (builtins, error) => {
    const before = (await call('GET', `/api/agents/${agent.id}`)).json<Agent>();
    const response = await call('PATCH', `/api/agents/${agent.id}`, {
      description: 'must not be saved',
      builtinFunctions: { ...BUILTIN_FUNCTION_DEFAULTS, ...builtins },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: 'validation_failed' });
    expect((await call('GET', `/api/agents/${agent.id}`)).json()).toEqual(before);
  });
});
