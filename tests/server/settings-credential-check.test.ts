/**
 * Issue 18: Save in Settings checks the credentials it stores, through the configured base URLs:
 * Twilio by fetching the account, OpenAI by listing models. A refusal is answered per card and
 * the values stay saved; a provider that is down or slow never holds the save.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountSecrets } from '../../server/settings/accountSecrets.js';
import type { CredentialChecks } from '../../shared/types/settings.js';
import { type FakeOpenAIChat, startFakeOpenAIChat } from '../fixtures/fakeOpenAIChat.js';
import { maskKey } from '../fixtures/fakeOpenAIChatReplies.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

const GOOD_KEY = 'sk-good-0123456789abcdef';
const CHECK_TIMEOUT_MS = 300;

let openai: FakeOpenAIChat;
let twilio: FakeTwilio;
let t: TestApp;

beforeAll(async () => {
  openai = await startFakeOpenAIChat({ apiKeys: [GOOD_KEY], organization: 'acme-org' });
  twilio = await startFakeTwilio({ friendlyName: 'Acme Support' });
  t = await createTestApp({
    config: {
      openaiBaseUrl: openai.baseUrl,
      twilioApiBaseUrl: twilio.baseUrl,
      credentialCheckTimeoutMs: CHECK_TIMEOUT_MS,
    },
  });
});
afterAll(async () => {
  await t.close();
  await openai.close();
  await twilio.close();
});

/** The key and Twilio account the fakes accept. */
const goodCredentials = () => ({
  openai_api_key: GOOD_KEY,
  twilio_account_sid: twilio.accountSid,
  twilio_auth_token: twilio.authToken,
});

async function signedIn(app: TestApp = t) {
  const user = await app.createUser();
  const { accessToken } = await app.login(user.username, user.password);
  const save = async (payload: object) => {
    const response = await app.app.inject({
      method: 'PUT',
      url: '/api/accounts/settings',
      headers: app.auth(accessToken),
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ success: boolean; checks: CredentialChecks }>();
  };
  const saved = () => getAccountSecrets(app.db, app.app.secretBox, user.id);
  return { save, saved };
}

/** A provider that takes every connection and never answers. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('Save checks the credentials', () => {
  it('says Connected with the account names, after asking each provider through its base URL', async () => {
    const { save } = await signedIn();
    const before = twilio.requests.length;
    const answer = await save(goodCredentials());
    expect(answer.checks).toEqual({
      openai: { state: 'connected', message: 'Connected: acme-org' },
      twilio: { state: 'connected', message: 'Connected: Acme Support' },
    });
    expect(twilio.requests.slice(before)).toEqual([
      { method: 'GET', path: `/2010-04-01/Accounts/${twilio.accountSid}.json`, authorized: true },
    ]);
  });

  it('names the model count when the provider names no organization', async () => {
    const anonymous = await startFakeOpenAIChat({ organization: null });
    const app = await createTestApp({ config: { openaiBaseUrl: anonymous.baseUrl } });
    try {
      const { save } = await signedIn(app);
      expect((await save({ openai_api_key: 'sk-any-0123456789' })).checks).toEqual({
        openai: { state: 'connected', message: 'Connected: 4 models available' },
      });
    } finally {
      await app.close();
      await anonymous.close();
    }
  });

  it("saves refused credentials all the same, with each provider's reason on its card", async () => {
    const { save, saved } = await signedIn();
    const answer = await save({
      openai_api_key: 'sk-wrong-0123456789',
      twilio_account_sid: twilio.accountSid,
      twilio_auth_token: 'not-the-token',
    });
    expect(answer.checks.openai).toEqual({
      state: 'rejected',
      message: `Saved, but OpenAI refused this key: Incorrect API key provided: ${maskKey('sk-wrong-0123456789')}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    });
    expect(answer.checks.twilio).toEqual({
      state: 'rejected',
      message: 'Saved, but Twilio refused these credentials: Authenticate.',
    });
    expect(await saved()).toEqual({
      openaiApiKey: 'sk-wrong-0123456789',
      twilioAccountSid: twilio.accountSid,
      twilioAuthToken: 'not-the-token',
    });
  });

  it('checks only the cards the save changed, and says what a half-set Twilio card lacks', async () => {
    const { save } = await signedIn();
    expect((await save({ openai_api_key: GOOD_KEY })).checks).toEqual({
      openai: { state: 'connected', message: 'Connected: acme-org' },
    });
    expect((await save({ twilio_account_sid: twilio.accountSid })).checks).toEqual({
      twilio: { state: 'unchecked', message: 'Saved, but not checked: add the Auth Token too.' },
    });
    expect((await save({ twilio_account_sid: '', openai_api_key: '' })).checks).toEqual({});
  });

  it('still saves, and says it could not check, when a provider is slow or unreachable', async () => {
    const silent = await silentServer();
    const app = await createTestApp({
      config: {
        openaiBaseUrl: `${silent.url}/v1`,
        twilioApiBaseUrl: 'http://127.0.0.1:9',
        credentialCheckTimeoutMs: CHECK_TIMEOUT_MS,
      },
    });
    try {
      const { save, saved } = await signedIn(app);
      const answer = await save(goodCredentials());
      expect(answer.checks).toEqual({
        openai: { state: 'unchecked', message: 'Saved, but not checked: OpenAI did not answer within 0.3 s.' },
        twilio: { state: 'unchecked', message: 'Saved, but not checked: Twilio could not be reached.' },
      });
      expect(await saved()).toEqual({
        openaiApiKey: GOOD_KEY,
        twilioAccountSid: twilio.accountSid,
        twilioAuthToken: twilio.authToken,
      });
    } finally {
      await app.close();
      await silent.close();
    }
  });

  it('takes a Twilio that times out, or a provider failing with 5xx, as not checked', async () => {
    const silent = await silentServer();
    const failing = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: 'The server is overloaded', type: 'server_error', param: null, code: null },
        }),
      );
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const app = await createTestApp({
      config: {
        openaiBaseUrl: `${failingUrl}/v1`,
        twilioApiBaseUrl: silent.url,
        credentialCheckTimeoutMs: CHECK_TIMEOUT_MS,
      },
    });
    try {
      const { save } = await signedIn(app);
      const answer = await save(goodCredentials());
      expect(answer.checks).toEqual({
        openai: {
          state: 'unchecked',
          message: 'Saved, but not checked: OpenAI answered 503 (The server is overloaded).',
        },
        twilio: { state: 'unchecked', message: 'Saved, but not checked: Twilio did not answer within 0.3 s.' },
      });
    } finally {
      await app.close();
      await silent.close();
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });
});
