/**
 * TRUST_PROXY (issue 18): `true` trusts the left-most X-Forwarded-For entry, which behind nginx's
 * `$proxy_add_x_forwarded_for` is whatever the client sent, so a client picks its own address for
 * every per-address limit. The server warns about it at start-up; the README's hop count does not
 * let a client choose.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '../../server/config.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess.js';

let server: ServerProcess | undefined;
let dataDir: string | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await server?.stop();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  server = dataDir = t = undefined;
});

async function start(trustProxy: string): Promise<ServerProcess> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-trust-proxy-'));
  server = await startServerProcess(dataDir, { TRUST_PROXY: trustProxy });
  return server;
}

describe('start-up', () => {
  it('warns about TRUST_PROXY=true, saying why and what to set instead', async () => {
    const output = (await start('true')).output();
    expect(output).toContain('TRUST_PROXY=true trusts every X-Forwarded-For entry, so a client picks its own address');
    expect(output).toContain(
      'Set TRUST_PROXY to the number of proxies in front of Switchboard (1 for one nginx or load balancer) or to their addresses',
    );
  });

  it('says nothing about a hop count, a list of proxies or no proxy', () => {
    for (const value of ['1', '10.0.0.5, 10.0.1.0/24', 'false', ''])
      expect(configWarnings(loadConfig({ TRUST_PROXY: value }))).toEqual([]);
  });
});

describe('behind one proxy that appends the client address (nginx $proxy_add_x_forwarded_for)', () => {
  const guesses = async (app: TestApp, forwardedFor: (i: number) => string): Promise<LightMyRequestResponse[]> => {
    const user = await app.createUser();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(
        await app.app.inject({
          method: 'POST',
          url: '/api/accounts/login',
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': forwardedFor(i) },
          payload: { username: user.username, password: 'wrong' },
        }),
      );
    }
    return answers;
  };
  // The client writes the first entry; the proxy appends the address it saw.
  const spoofing = (i: number) => `198.51.100.${i}, 203.0.113.7`;

  it('TRUST_PROXY=1 counts the address the proxy saw, whatever the client wrote', async () => {
    t = await createTestApp({ config: { trustProxy: 1 } });
    const answers = await guesses(t, spoofing);
    const perPair = t.config.loginThrottle.maxFailuresPerUser;
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(perPair);
    expect(answers.slice(perPair).every((r) => r.statusCode === 429)).toBe(true);
  });

  it("TRUST_PROXY=<the proxy's address> does the same", async () => {
    t = await createTestApp({ config: { trustProxy: ['10.0.0.5'] } });
    const answers = await guesses(t, spoofing);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(t.config.loginThrottle.maxFailuresPerUser);
  });
});
