/**
 * The failed-sign-in throttle under concurrency and across addresses (issue 7, finding 2):
 * attempts are counted before the password is checked, per account+address, per address and per
 * account across addresses with a growing delay, and a known address keeps its owner signing in.
 */

import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const login = (username: string, password: string, remoteAddress = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { username, password }, remoteAddress });

/** Fires `count` logins at once; the right password goes in slot `rightSlot` (0-based). */
async function concurrentLogins(
  user: TestUser,
  count: number,
  options: { rightSlot?: number; address?: (i: number) => string } = {},
) {
  const attempts = Array.from({ length: count }, (_, i) =>
    login(user.username, i === options.rightSlot ? user.password : `wrong-${i}`, options.address?.(i)),
  );
  return Promise.all(attempts);
}

const evaluated = (answers: LightMyRequestResponse[]) => answers.filter((r) => r.statusCode !== 429);

describe('concurrent guesses at one account from one address', () => {
  it('40 at once: at most 5 are evaluated and the right password in slot 30 is refused', async () => {
    const user = await t.createUser();
    const answers = await concurrentLogins(user, 40, { rightSlot: 30 });
    expect(evaluated(answers).length).toBeLessThanOrEqual(5);
    expect(evaluated(answers).every((r) => r.statusCode === 401)).toBe(true);
    expect(answers[30]!.statusCode).toBe(429);
    expect(answers[30]!.json()).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(answers[30]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('300 at once: at most 5 are evaluated', async () => {
    const user = await t.createUser();
    const answers = await concurrentLogins(user, 300);
    expect(evaluated(answers)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(295);
  });

  it('an unknown username is counted the same and answers the same as a wrong password', async () => {
    const ghost = { username: 'nobody-at-all', password: 'x' } as TestUser;
    const answers = await concurrentLogins(ghost, 40);
    expect(evaluated(answers)).toHaveLength(5);
    const real = await t.createUser();
    const wrong = await login(real.username, 'wrong');
    expect(evaluated(answers)[0]!.json()).toEqual(wrong.json());
    expect(evaluated(answers)[0]!.statusCode).toBe(wrong.statusCode);
  });
});

describe('concurrent guesses of the current password on change-password', () => {
  it('40 at once: at most 5 are evaluated and the right one in slot 30 changes nothing', async () => {
    const user = await t.createUser();
    const { accessToken } = await t.login(user.username, user.password);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/accounts/change-password',
          headers: t.auth(accessToken),
          payload: { currentPassword: i === 30 ? user.password : `wrong-${i}`, newPassword: 'taken-over-password' },
        }),
      ),
    );
    expect(evaluated(answers).length).toBeLessThanOrEqual(5);
    expect(evaluated(answers).every((r) => r.json().error === 'Current password is incorrect')).toBe(true);
    expect(answers[30]!.statusCode).toBe(429);
    expect(answers[30]!.headers['retry-after']).toBeDefined();
    await expect(t.login(user.username, user.password)).resolves.toBeTruthy();
  });
});

describe('limits across addresses', () => {
  const free = () => t.config.loginThrottle.accountFreeFailures;

  it('a botnet of 300 addresses gets only the free failures at one account, then a delay that doubles', async () => {
    const user = await t.createUser();
    const answers = await concurrentLogins(user, 300, {
      rightSlot: 250,
      address: (i) => `198.51.${i >> 8}.${i & 255}`,
    });
    expect(evaluated(answers)).toHaveLength(free());
    expect(answers[250]!.statusCode).toBe(429);

    // Each wait allows one more guess, and the next wait is twice as long.
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await login(user.username, 'wrong', `203.0.113.${round}`);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      t.clock.advance(seconds * 1000);
      expect((await login(user.username, 'wrong', `203.0.113.${100 + round}`)).statusCode).toBe(401);
    }
    expect(waits[1]).toBeGreaterThanOrEqual(2 * waits[0]! - 1);
    expect(waits[3]).toBeGreaterThanOrEqual(2 * waits[2]! - 1);
  });

  it('the owner still signs in from an address they used before while a botnet guesses', async () => {
    const user = await t.createUser();
    expect((await login(user.username, user.password, '192.0.2.10')).statusCode).toBe(200);
    await concurrentLogins(user, 100, { address: (i) => `198.51.100.${i}` });
    expect((await login(user.username, 'wrong', '192.0.2.99')).statusCode).toBe(429);
    expect((await login(user.username, user.password, '192.0.2.10')).statusCode).toBe(200);
  });

  it("one address failing on account X does not stop X's or Y's owner elsewhere", async () => {
    const x = await t.createUser();
    const y = await t.createUser();
    const attacker = '198.51.100.66';
    for (let i = 0; i < 5; i += 1) expect((await login(x.username, 'wrong', attacker)).statusCode).toBe(401);
    expect((await login(x.username, 'wrong', attacker)).statusCode).toBe(429);
    expect((await login(x.username, x.password, '192.0.2.1')).statusCode).toBe(200);
    expect((await login(y.username, y.password, '192.0.2.2')).statusCode).toBe(200);
  });

  it('an address that sprays many accounts is stopped, but not for an owner known there', async () => {
    const owner = await t.createUser();
    const shared = '192.0.2.50';
    expect((await login(owner.username, owner.password, shared)).statusCode).toBe(200);
    const perIp = t.config.loginThrottle.maxFailuresPerIp;
    const sprayed = await Promise.all(
      Array.from({ length: perIp + 20 }, (_, i) => login(`victim-${i % 20}`, 'guess', shared)),
    );
    expect(evaluated(sprayed)).toHaveLength(perIp);
    expect((await login('someone-new', 'guess', shared)).statusCode).toBe(429);
    expect((await login(owner.username, owner.password, shared)).statusCode).toBe(200);
  });

  it('counts by the forwarded address behind a trusted proxy', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const user = await proxied.createUser();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/accounts/login',
            headers: { 'x-forwarded-for': `198.51.100.${i}` },
            payload: { username: user.username, password: 'wrong' },
          }),
        ),
      );
      expect(evaluated(answers)).toHaveLength(proxied.config.loginThrottle.accountFreeFailures);
    } finally {
      await proxied.close();
    }
  });
});
