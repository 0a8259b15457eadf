/**
 * API key revocation across instances (issue 22: "revocation works on the next request on every
 * instance"): two apps on one throwaway PostgreSQL. A key revoked on A is refused by B, which had
 * just used it and kept its row, within a second of real time (the bus tells B at once); and
 * should that message be lost, B still refuses the key once its cached row is a second old.
 * Skipped only without the PostgreSQL server binaries.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEYS_URL, createKeyFor, withKey } from '../helpers/apiKeyCalls.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres.js';
import { waitUntil } from '../helpers/waitUntil.js';

let pg: ThrowawayPostgres;
let a: TestApp;
let b: TestApp;

describeOnPostgres('API keys across instances', () => {
  beforeAll(async () => {
    pg = await createThrowawayPostgres();
    const config = { databaseUrl: pg.url, encryptionKey: randomBytes(32) };
    a = await createTestApp({ config });
    b = await createTestApp({ config });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.destroy();
  });

  it('refuses on B, within a second, a key revoked on A that B had just accepted', async () => {
    const owner = await a.createUser();
    const { key, apiKey } = await createKeyFor(a, owner, 'full');
    expect((await withKey(b.app, key, 'GET', '/api/agents')).statusCode).toBe(200);
    expect((await withKey(a.app, key, 'GET', '/api/agents')).statusCode).toBe(200);

    const { accessToken } = await a.login(owner.username, owner.password);
    const revoke = await a.app.inject({
      method: 'DELETE',
      url: `${API_KEYS_URL}/${apiKey.id}`,
      headers: a.auth(accessToken),
    });
    expect(revoke.statusCode).toBe(200);
    const revokedAt = Date.now();
    expect((await withKey(a.app, key, 'GET', '/api/agents')).statusCode).toBe(401);
    // B's clock stands still: only the message from A can make it read the row again.
    await waitUntil(async () => (await withKey(b.app, key, 'GET', '/api/agents')).statusCode === 401, 1000);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });

  it('refuses it on B once its kept row is a second old, should the message from A be lost', async () => {
    const owner = await a.createUser();
    const { key, apiKey } = await createKeyFor(a, owner, 'full');
    expect((await withKey(b.app, key, 'GET', '/api/agents')).statusCode).toBe(200);
    // Revoked in the database without telling anyone: what a lost notification leaves.
    await a.db.updateTable('api_keys').set({ revoked_at: a.clock.now() }).where('id', '=', apiKey.id).execute();
    expect((await withKey(b.app, key, 'GET', '/api/agents')).statusCode).toBe(200);
    b.clock.advance(1000);
    expect((await withKey(b.app, key, 'GET', '/api/agents')).statusCode).toBe(401);
  });
});
