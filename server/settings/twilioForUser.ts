/**
 * A TwilioClient for one user, from the Twilio SID and token saved in their Settings and the
 * configured API base URL. Later steps (incoming calls, End Session) reuse these helpers.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/AppError.js';
import { TwilioClient, TwilioError } from '../twilio/TwilioClient.js';
import { getAccountSecrets } from './accountSecrets.js';

export const MISSING_TWILIO_CREDENTIALS =
  'Twilio credentials are missing. Add your Twilio Account SID and Auth Token in Settings.';

type AppServices = Pick<FastifyInstance, 'db' | 'secretBox'> & {
  config: Pick<FastifyInstance['config'], 'twilioApiBaseUrl'>;
};

/** The user's Twilio account SID and a client for it, or null when their SID or token is not set. */
export async function findTwilioAccountForUser(
  app: AppServices,
  userId: string,
): Promise<{ accountSid: string; client: TwilioClient } | null> {
  const secrets = await getAccountSecrets(app.db, app.secretBox, userId);
  if (!secrets.twilioAccountSid || !secrets.twilioAuthToken) return null;
  const client = new TwilioClient({
    baseUrl: app.config.twilioApiBaseUrl,
    accountSid: secrets.twilioAccountSid,
    authToken: secrets.twilioAuthToken,
  });
  return { accountSid: secrets.twilioAccountSid, client };
}

/** The user's Twilio client, or null when their SID or token is not set. */
export async function findTwilioForUser(app: AppServices, userId: string): Promise<TwilioClient | null> {
  return (await findTwilioAccountForUser(app, userId))?.client ?? null;
}

/** The user's Twilio client; a 400 `missing_credentials` answer when it is not set up. */
export async function twilioForUser(app: AppServices, userId: string): Promise<TwilioClient> {
  const client = await findTwilioForUser(app, userId);
  if (!client) throw new AppError('missing_credentials', MISSING_TWILIO_CREDENTIALS);
  return client;
}

/** Twilio's "Authenticate" error (bad SID or token). */
const TWILIO_AUTHENTICATE = 20003;

/**
 * A failed Twilio call as an answer for people. Never a 401: the console would take that for
 * its own session expiring. Rejected credentials and Twilio's other 4xx are the user's to fix
 * (400, Twilio's own message); an unreachable or failing Twilio is a 502.
 */
export function twilioAppError(error: TwilioError): AppError {
  if (error.status === 401 || error.twilioCode === TWILIO_AUTHENTICATE) {
    return new AppError('twilio_auth_failed', `Twilio rejected the credentials (${error.message})`);
  }
  if (error.status >= 400 && error.status < 500) return new AppError('twilio_error', error.message);
  const reason = (error.status === 502 ? error.message : `Twilio failed: ${error.message}`).replace(/\.$/, '');
  return new AppError('upstream_error', `${reason}. Please try again later.`);
}

/** Runs a Twilio call, turning a TwilioError into the matching AppError. */
export async function callTwilio<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TwilioError) throw twilioAppError(error);
    throw error;
  }
}
