import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { isPostgres } from '../../server/db/dialect.js';
import { SQLITE_FILE_NAME } from '../../server/db/openDatabase.js';
import { OWNER_ANSWERS_DEFAULTS } from '../../server/http/OwnerAnswers.js';
import { getAccountSecrets } from '../../server/settings/accountSecrets.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const { user, call } = await signedInCaller(t);
  return { user, call };
}

const OPENAI_KEY = 'sk-proj-VERYSECRETopenaiKEY-9f3a';
const TWILIO_SID = 'AC0123456789abcdef0123456789abcd';
const TWILIO_TOKEN = 'twilio-auth-TOKEN-secret-77e1';

/** All the database holds: SQLite's files, or on PostgreSQL every row of every table, as text. */
async function storedBytes(): Promise<Buffer> {
  if (isPostgres(t.db)) {
    const { rows: tables } = await sql<{
      name: string;
    }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(t.db);
    const texts = await Promise.all(
      tables.map(async ({ name }) =>
        (await sql<{ row: string }>`SELECT x::text AS row FROM ${sql.table(name)} AS x`.execute(t.db)).rows
          .map((r) => r.row)
          .join('\n'),
      ),
    );
    return Buffer.from(texts.join('\n'));
  }
  const files = [SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`];
  return Buffer.concat(
    await Promise.all(files.map((f) => readFile(path.join(t.dataDir, f)).catch(() => Buffer.alloc(0)))),
  );
}

describe('account settings', () => {
  it('starts with every value null', async () => {
    const { call } = await signedIn();
    const response = await call('GET', '/api/accounts/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      settings: { OPENAI_API_KEY: null, TWILIO_ACCOUNT_SID: null, TWILIO_AUTH_TOKEN: null },
    });
  });

  it('saves lower-case fields and answers the secrets masked', async () => {
    const { call, user } = await signedIn();
    const saved = await call('PUT', '/api/accounts/settings', {
      openai_api_key: OPENAI_KEY,
      twilio_account_sid: TWILIO_SID,
      twilio_auth_token: TWILIO_TOKEN,
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      OPENAI_API_KEY: '••••••••9f3a',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: '••••••••77e1',
    };
    // OpenAI and Twilio are unreachable here (the test app's base URLs): saved all the same.
    expect(saved.json()).toEqual({
      success: true,
      settings: expected,
      checks: {
        openai: { state: 'unchecked', message: 'Saved, but not checked: OpenAI could not be reached.' },
        twilio: { state: 'unchecked', message: 'Saved, but not checked: Twilio could not be reached.' },
      },
    });
    expect((await call('GET', '/api/accounts/settings')).json().settings).toEqual(expected);
    expect(await getAccountSecrets(t.db, t.app.secretBox, user.id)).toEqual({
      openaiApiKey: OPENAI_KEY,
      twilioAccountSid: TWILIO_SID,
      twilioAuthToken: TWILIO_TOKEN,
    });
  });

  it('accepts upper-case keys, changes only the fields present, keeps a value sent back masked, clears on ""', async () => {
    const { call, user } = await signedIn();
    await call('PUT', '/api/accounts/settings', { OPENAI_API_KEY: OPENAI_KEY, TWILIO_AUTH_TOKEN: TWILIO_TOKEN });
    const masked = (await call('GET', '/api/accounts/settings')).json().settings;

    await call('PUT', '/api/accounts/settings', { ...masked, TWILIO_ACCOUNT_SID: TWILIO_SID });
    expect(await getAccountSecrets(t.db, t.app.secretBox, user.id)).toEqual({
      openaiApiKey: OPENAI_KEY,
      twilioAccountSid: TWILIO_SID,
      twilioAuthToken: TWILIO_TOKEN,
    });

    const cleared = await call('PUT', '/api/accounts/settings', { twilio_auth_token: '' });
    expect(cleared.json().settings).toEqual({
      OPENAI_API_KEY: '••••••••9f3a',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: null,
    });
  });

  it('reset clears all three and delete removes the row', async () => {
    const { call, user } = await signedIn();
    await call('PUT', '/api/accounts/settings', { openai_api_key: OPENAI_KEY, twilio_account_sid: TWILIO_SID });
    const reset = await call('POST', '/api/accounts/settings/reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      success: true,
      settings: { OPENAI_API_KEY: null, TWILIO_ACCOUNT_SID: null, TWILIO_AUTH_TOKEN: null },
    });

    await call('PUT', '/api/accounts/settings', { openai_api_key: OPENAI_KEY });
    const deleted = await call('DELETE', '/api/accounts/settings');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true });
    expect(await getAccountSecrets(t.db, t.app.secretBox, user.id)).toEqual({
      openaiApiKey: null,
      twilioAccountSid: null,
      twilioAuthToken: null,
    });
  });

  // Another instance keeps its answer for at most OWNER_ANSWERS_DEFAULTS.maxAgeMs (sooner when
  // told over PostgreSQL, tests/server/cluster-end-session.test.ts); this one shows it at once.
  it('shows every change on the next GET here, and on another instance once its kept answer is past its age', async () => {
    const { call, user } = await signedIn();
    const { accessToken } = await t.login(user.username, user.password);
    const other = await buildApp({ db: t.db, config: t.config, now: t.clock.now, logger: { level: 'silent' } });
    try {
      const shown = async () => (await call('GET', '/api/accounts/settings')).json().settings;
      const shownElsewhere = async () =>
        (await other.inject({ method: 'GET', url: '/api/accounts/settings', headers: t.auth(accessToken) })).json()
          .settings;
      const none = { OPENAI_API_KEY: null, TWILIO_ACCOUNT_SID: null, TWILIO_AUTH_TOKEN: null };
      expect(await shown()).toEqual(none);
      expect(await shownElsewhere()).toEqual(none);
      const aged = () => t.clock.advance(OWNER_ANSWERS_DEFAULTS.maxAgeMs);
      await call('PUT', '/api/accounts/settings', { openai_api_key: OPENAI_KEY });
      expect(await shown()).toEqual({ ...none, OPENAI_API_KEY: '••••••••9f3a' });
      aged();
      expect(await shownElsewhere()).toEqual({ ...none, OPENAI_API_KEY: '••••••••9f3a' });
      await call('PUT', '/api/accounts/settings', { openai_api_key: 'sk-another-key-0000' });
      expect(await shown()).toEqual({ ...none, OPENAI_API_KEY: '••••••••0000' });
      aged();
      expect(await shownElsewhere()).toEqual({ ...none, OPENAI_API_KEY: '••••••••0000' });
      await call('DELETE', '/api/accounts/settings');
      expect(await shown()).toEqual(none);
      aged();
      expect(await shownElsewhere()).toEqual(none);
    } finally {
      await other.close();
    }
  });

  it.each([
    [{ openai_api_key: 12 }, 'openai_api_key: must be a string or null'],
    [{ user_id: 'someone-else' }, 'user_id: is not an accepted field'],
    [{ openai_api_key: 'x'.repeat(1001) }, 'openai_api_key: must be at most 1000 characters long'],
    [[1, 2], 'body: must be an object'],
  ])('refuses %j with 400', async (payload, error) => {
    const { call } = await signedIn();
    const response = await call('PUT', '/api/accounts/settings', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error });
  });

  it('never writes a secret in plaintext to the database', async () => {
    const { call } = await signedIn();
    await call('PUT', '/api/accounts/settings', {
      openai_api_key: OPENAI_KEY,
      twilio_account_sid: TWILIO_SID,
      twilio_auth_token: TWILIO_TOKEN,
    });
    const bytes = await storedBytes();
    expect(bytes.length).toBeGreaterThan(0);
    for (const secret of [OPENAI_KEY, TWILIO_SID, TWILIO_TOKEN]) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
  });

  it("while impersonating, reads and writes the impersonated user's settings", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const { accessToken } = await t.login(admin.username, admin.password);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/settings',
      headers: t.auth(accessToken, target.id),
      payload: { openai_api_key: OPENAI_KEY },
    });
    expect(saved.statusCode).toBe(200);
    expect((await getAccountSecrets(t.db, t.app.secretBox, target.id)).openaiApiKey).toBe(OPENAI_KEY);
    expect((await getAccountSecrets(t.db, t.app.secretBox, admin.id)).openaiApiKey).toBeNull();
  });
});
