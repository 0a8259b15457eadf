/**
 * One log line per request (issue 7, finding 16): JSON for log collectors, a readable line on a
 * terminal; secrets stay redacted in both.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { prettyLogDestination } from '../../server/http/prettyLog.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('request log', () => {
  it('writes one JSON line per request, with method, masked URL, status and time', async () => {
    const lines: string[] = [];
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
    const response = await t.app.inject({ method: 'GET', url: '/api/health?token=sekret' });
    const requestId = response.headers['x-request-id'];
    const entries = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === requestId);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health?token=[REDACTED]' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(lines.join('\n')).not.toContain('sekret');
  });

  it('writes one readable line per request on a terminal, still redacted', async () => {
    const lines: string[] = [];
    t = await createTestApp({ logStream: prettyLogDestination({ write: (line) => void lines.push(line) }, false) });
    const user = await t.createUser();
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health?%74oken=sekret' });
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { username: user.username, password: 'wrong password' },
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[?\d\d:\d\d:\d\d\]? INFO: GET \/api\/health\?%74oken=\[REDACTED\] → 200 \(\d+ ms\)\n$/);
    expect(lines[1]).toMatch(/INFO: POST \/api\/accounts\/login → 401 \(\d+ ms\)\n$/);
    expect(lines.join('')).not.toContain('sekret');
  });

  it('keeps other fields on the same line and redacts them', () => {
    const lines: string[] = [];
    const destination = prettyLogDestination({ write: (line) => void lines.push(line) }, false);
    destination.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'shutting down', signal: 'SIGTERM' })}\n`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/INFO: shutting down \{"signal":"SIGTERM"\}\n$/);
  });
});
