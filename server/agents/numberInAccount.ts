/**
 * Before a number is attached to an agent, the user's Twilio account must own it (issue 7,
 * finding 9): incoming calls are routed by account SID + called number, so only a pair Twilio
 * confirmed is stored for routing. Without credentials, or while Twilio cannot be reached, the
 * number is attached unconfirmed (no account SID: it routes nothing) with a warning to assign it
 * again; a number Twilio says is not in the account, or credentials it rejects, are refused.
 */
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../core/AppError.js';
import { findTwilioAccountForUser, twilioAppError } from '../settings/twilioForUser.js';
import { type TwilioClient, TwilioError } from '../twilio/TwilioClient.js';

type AppServices = Pick<FastifyInstance, 'db' | 'secretBox' | 'config'>;

export const NOT_REACHING_AGENT = 'The number was assigned, but incoming calls will not reach the agent yet:';

export type NumberInAccount =
  | { confirmed: true; accountSid: string; numberSid: string; twilio: TwilioClient }
  | { confirmed: false; warning: string };

/** Whether the user's Twilio account owns `phoneNumber`; throws a 400 when Twilio says it does not. */
export async function findNumberInAccount(
  app: AppServices,
  userId: string,
  phoneNumber: string,
): Promise<NumberInAccount> {
  const account = await findTwilioAccountForUser(app, userId);
  if (!account) {
    return {
      confirmed: false,
      warning: `${NOT_REACHING_AGENT} add your Twilio Account SID and Auth Token in Settings, then assign it again.`,
    };
  }
  try {
    const number = (await account.client.listIncomingNumbers()).find((n) => n.phoneNumber === phoneNumber);
    if (!number) throw invalidField('phoneNumber', `${phoneNumber} is not a number of your Twilio account`);
    return { confirmed: true, accountSid: account.accountSid, numberSid: number.sid, twilio: account.client };
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    const answer = twilioAppError(error);
    // Only an unreachable or failing Twilio leaves the question open; its other answers are final.
    if (answer.code !== 'upstream_error') throw answer;
    // "…: Twilio could not be reached. Please try again later and assign it again."
    return {
      confirmed: false,
      warning: `${NOT_REACHING_AGENT} ${answer.message.replace(/\.$/, '')} and assign it again.`,
    };
  }
}
