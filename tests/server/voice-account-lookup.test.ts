/**
 * Whose Twilio account an incoming-call webhook names (issue 18): account SIDs are stored
 * encrypted, so they are found by a keyed hash kept beside them (migration 014), never by
 * decrypting every user's settings. Rows saved before that column existed get their hash at
 * start-up.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import { insertUser } from '../../server/db/users.js';
import { updateAccountSecrets } from '../../server/settings/accountSecrets.js';
import { newSid } from '../fixtures/fakeTwilio.js';
import { incomingCallParams, postTwilioWebhook } from '../fixtures/fakeTwilioWebhook.js';
import { startVoiceHarness, VOICE_PUBLIC_URL, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';

/** Other users with Twilio settings of their own, saved before the owner's. */
const OTHER_ACCOUNTS = 200;
const UNHELD_NUMBER = '+14155550999';

let h: VoiceHarness;
let o: VoiceOwner;
beforeAll(async () => {
  h = await startVoiceHarness();
  for (let i = 0; i < OTHER_ACCOUNTS; i += 1) {
    await userWithTwilio(`other-account-${i}`, `AC${i.toString(16).padStart(32, '0')}`, `token-${i}`);
  }
  o = await h.owner();
});
afterAll(() => h.close());

/** A user whose Twilio settings are saved straight through the repository, as the settings route does. */
async function userWithTwilio(username: string, accountSid: string, authToken: string) {
  const user = await insertUser(h.t.db, { username, email: null, role: 'user', passwordHash: 'x' }, h.t.clock.now());
  const secrets = { twilio_account_sid: accountSid, twilio_auth_token: authToken };
  await updateAccountSecrets(h.t.db, h.t.app.secretBox, user.id, secrets, h.t.clock.now());
  return user;
}

const call = (accountSid: string, to: string, authToken = h.rest.authToken) =>
  postTwilioWebhook({
    serverUrl: h.serverUrl,
    publicUrl: VOICE_PUBLIC_URL,
    authToken,
    params: incomingCallParams({
      accountSid,
      callSid: newSid('CA'),
      from: '+14155550100',
      to,
    }),
  });

const SAY_GOODBYE =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry, no one can take your call at this number. Goodbye.</Say><Hangup/></Response>';

describe('finding the account of an incoming call', () => {
  it("decrypts nobody's settings for an account no one here uses", async () => {
    const decrypt = vi.spyOn(h.t.app.secretBox, 'decrypt');
    try {
      expect((await call(`AC${'9'.repeat(32)}`, o.number)).status).toBe(403);
      expect(decrypt).not.toHaveBeenCalled();
    } finally {
      decrypt.mockRestore();
    }
  });

  it("decrypts only the settings of the account's owner, however many accounts are stored", async () => {
    const decrypt = vi.spyOn(h.t.app.secretBox, 'decrypt');
    try {
      const answer = await call(h.rest.accountSid, UNHELD_NUMBER);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(SAY_GOODBYE);
      // One user's three settings, not the other 200 users' too.
      expect(decrypt.mock.calls.length).toBeLessThanOrEqual(3);
      expect(new Set(decrypt.mock.calls.map(([, associatedData]) => associatedData.split(':')[0]))).toEqual(
        new Set([o.user.id]),
      );
    } finally {
      decrypt.mockRestore();
    }
  });

  it('fills the hash of settings saved before it was kept, at start-up', async () => {
    const sid = `AC${'b'.repeat(32)}`;
    const user = await userWithTwilio('saved-before-014', sid, 'token-before');
    await h.t.db
      .updateTable('account_settings')
      .set({ twilio_account_sid_hash: null })
      .where('user_id', '=', user.id)
      .execute();

    // The next start on this database (the same key) fills it.
    const restarted = await buildApp({ db: h.t.db, config: h.t.config, logger: { level: 'silent' } });
    await restarted.close();
    const row = await h.t.db
      .selectFrom('account_settings')
      .select('twilio_account_sid_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.twilio_account_sid_hash).toMatch(/^[0-9a-f]{64}$/);
    const answer = await call(sid, UNHELD_NUMBER, 'token-before');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(SAY_GOODBYE);
  });

  it('forgets the hash when the account SID is cleared, and changes it with the SID', async () => {
    const first = `AC${'d'.repeat(32)}`;
    const second = `AC${'e'.repeat(32)}`;
    const user = await userWithTwilio('changes-account', first, 'token-d');
    expect((await call(first, UNHELD_NUMBER, 'token-d')).status).toBe(200);
    await updateAccountSecrets(h.t.db, h.t.app.secretBox, user.id, { twilio_account_sid: second }, h.t.clock.now());
    expect((await call(first, UNHELD_NUMBER, 'token-d')).status).toBe(403);
    expect((await call(second, UNHELD_NUMBER, 'token-d')).status).toBe(200);
    await updateAccountSecrets(h.t.db, h.t.app.secretBox, user.id, { twilio_account_sid: null }, h.t.clock.now());
    expect((await call(second, UNHELD_NUMBER, 'token-d')).status).toBe(403);
    const row = await h.t.db
      .selectFrom('account_settings')
      .select('twilio_account_sid_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.twilio_account_sid_hash).toBeNull();
  });
});
