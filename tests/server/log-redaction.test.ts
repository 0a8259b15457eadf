/**
 * Secrets never reach a log line, whatever a log call passes: fields named like secrets at the
 * top or one level down, credential headers, and an error's own fields (redactLogFields.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CENSOR, redactLogFields } from '../../server/http/redactLogFields.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('log lines', () => {
  it('censor secret fields, credential headers and secret fields of errors, and keep the rest', async () => {
    const lines: string[] = [];
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
    const error = Object.assign(new Error('login failed'), { password: 'err-secret', status: 401 });
    t.app.log.warn(
      {
        password: 'top-secret',
        body: { newPassword: 'nested-secret', username: 'alice' },
        headers: { Authorization: 'Bearer header-secret', cookie: 'sb_refresh=cookie-secret', accept: 'text/html' },
        settings: { OPENAI_API_KEY: 'sk-secret', TWILIO_ACCOUNT_SID: 'AC-secret' },
        err: error,
      },
      'something happened',
    );
    const line = lines.join('');
    for (const secret of [
      'top-secret',
      'nested-secret',
      'header-secret',
      'cookie-secret',
      'sk-secret',
      'AC-secret',
      'err-secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    const entry: unknown = JSON.parse(line);
    expect(entry).toMatchObject({
      msg: 'something happened',
      password: CENSOR,
      body: { newPassword: CENSOR, username: 'alice' },
      headers: { Authorization: CENSOR, cookie: CENSOR, accept: 'text/html' },
      err: { type: 'Error', message: 'login failed', password: CENSOR, status: 401 },
    });
    expect((entry as { err: { stack: string } }).err.stack).toContain('login failed');
    // The caller's objects are left as they were.
    expect(error.password).toBe('err-secret');
  });

  it('leave an object without secrets as it is', () => {
    const fields = { res: { statusCode: 200 }, responseTime: 1.5, agent: { id: 'a', name: 'Front desk' } };
    expect(redactLogFields(fields)).toBe(fields);
  });
});
