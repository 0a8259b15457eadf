/**
 * Save in Settings asks each provider whether the credentials it just stored work (issue 18):
 * Twilio for the account (`GET /2010-04-01/Accounts/{Sid}.json` at TWILIO_API_BASE_URL), OpenAI
 * for its models (`GET /models` at OPENAI_BASE_URL), both at once and with a short timeout. A
 * provider that is down, slow or busy leaves the card `unchecked`; one that refuses the
 * credentials makes it `rejected`. Neither undoes the save (settingsRoutes says why).
 */
import type { CredentialCheck, CredentialChecks } from '../../shared/types/settings.js';
import { LlmError } from '../llm/LlmError.js';
import { listModels } from '../llm/listModels.js';
import { TwilioClient, TwilioError } from '../twilio/TwilioClient.js';
import type { AccountSecrets } from './accountSecrets.js';

export interface CredentialCheckConfig {
  openaiBaseUrl: string;
  twilioApiBaseUrl: string;
  timeoutMs: number;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const unchecked = (reason: string): CredentialCheck => ({
  state: 'unchecked',
  message: `Saved, but not checked: ${reason}.`,
});
const withoutStop = (text: string) => text.trim().replace(/\.$/, '');

/** The key against the provider's model list. */
export async function checkOpenAIKey(config: CredentialCheckConfig, apiKey: string): Promise<CredentialCheck> {
  try {
    const models = await listModels({ baseUrl: config.openaiBaseUrl, apiKey, timeoutMs: config.timeoutMs });
    const name = models.organization ?? `${models.count} model${models.count === 1 ? '' : 's'} available`;
    return { state: 'connected', message: `Connected: ${name}` };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    switch (error.kind) {
      case 'auth':
        return { state: 'rejected', message: `Saved, but OpenAI refused this key: ${withoutStop(error.message)}.` };
      case 'timeout':
        return unchecked(`OpenAI did not answer within ${seconds(config.timeoutMs)}`);
      case 'network':
        return unchecked('OpenAI could not be reached');
      case 'rate_limit':
        return unchecked("OpenAI's rate limit was reached");
      default:
        // A 403 (a key limited to some endpoints) or 404 (a compatible provider without a model
        // list) says nothing definite about the key.
        return unchecked(`OpenAI answered ${error.details.status || 'with an error'} (${withoutStop(error.message)})`);
    }
  }
}

/** The SID and token against the account they name. */
export async function checkTwilioAccount(
  config: CredentialCheckConfig,
  accountSid: string,
  authToken: string,
): Promise<CredentialCheck> {
  const client = new TwilioClient({
    baseUrl: config.twilioApiBaseUrl,
    accountSid,
    authToken,
    timeoutMs: config.timeoutMs,
  });
  try {
    const account = await client.fetchAccount();
    const name = account.friendlyName || account.sid || accountSid;
    const status = account.status && account.status !== 'active' ? ` (account ${account.status})` : '';
    return { state: 'connected', message: `Connected: ${name}${status}` };
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    // TwilioClient reports an unreachable or slow Twilio as a 502 of its own.
    if (error.status === 502 && error.twilioCode === null) {
      return unchecked(
        error.message === 'Twilio timed out'
          ? `Twilio did not answer within ${seconds(config.timeoutMs)}`
          : 'Twilio could not be reached',
      );
    }
    if (error.status === 429) return unchecked("Twilio's rate limit was reached");
    if (error.status >= 400 && error.status < 500) {
      return {
        state: 'rejected',
        message: `Saved, but Twilio refused these credentials: ${withoutStop(error.message)}.`,
      };
    }
    return unchecked(`Twilio answered ${error.status}`);
  }
}

/**
 * A check for each card whose values `changed` touched: OpenAI when its key is set, Twilio when
 * its SID or token changed (and `unchecked` while one of the two is missing). A card cleared has none.
 */
export async function checkSavedCredentials(
  config: CredentialCheckConfig,
  saved: AccountSecrets,
  changed: { openai: boolean; twilio: boolean },
): Promise<CredentialChecks> {
  const { openaiApiKey: key, twilioAccountSid: sid, twilioAuthToken: token } = saved;
  const [openai, twilio] = await Promise.all([
    changed.openai && key ? checkOpenAIKey(config, key) : undefined,
    !changed.twilio || (!sid && !token)
      ? undefined
      : sid && token
        ? checkTwilioAccount(config, sid, token)
        : unchecked(`add the ${sid ? 'Auth Token' : 'Account SID'} too`),
  ]);
  return { ...(openai ? { openai } : {}), ...(twilio ? { twilio } : {}) };
}
