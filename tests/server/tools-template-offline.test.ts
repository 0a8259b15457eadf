/**
 * Issue 18: a new user's first Test of the new-tool template passed only with internet access
 * (its handler fetched a weather service). The template now answers sample weather, so Test
 * passes in the real sandbox of a server that reaches nothing outside, with the arguments the
 * Test panel starts from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToolTemplate } from '../../console/features/tools/newToolTemplate.js';
import { sampleArguments } from '../../console/features/tools/sampleArguments.js';
import type { Tool, ToolTestResult } from '../../shared/types/tool.js';
import { createTestApp, type TestApp, uniqueName } from '../helpers/serverApp.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { sandbox: { timeoutMs: 2000, workers: 1, memoryMb: 32, callsPerUser: 5 } } });
});
afterAll(() => t.close());

describe('the new-tool template', () => {
  it('saves as it is and its Test passes without the internet', async () => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const template = newToolTemplate();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: t.auth(accessToken),
      payload: { ...template, name: uniqueName('weather'), description: 'Tells the weather' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tool = created.json<Tool>();

    const args = sampleArguments(template.parameters);
    expect(args).toEqual({ latitude: 0, longitude: 0 });
    const run = await t.app.inject({
      method: 'POST',
      url: `/api/tools/${tool.id}/test`,
      headers: t.auth(accessToken),
      payload: { args },
    });
    expect(run.statusCode, run.body).toBe(200);
    const result = run.json<ToolTestResult>();
    expect(result).toMatchObject({
      success: true,
      error: null,
      output: { latitude: 0, longitude: 0, temperature: 21.5, weather: 'partly cloudy' },
    });
    expect(result.logs.join('\n')).toContain('Sample weather for 0, 0');
    // The real lookup is there to copy, as a comment.
    expect(template.handler_code).toContain('https://api.open-meteo.com/v1/forecast');
  });
});
