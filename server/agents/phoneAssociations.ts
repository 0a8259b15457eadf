/**
 * Phone number associations (spec part 1 §3, §4, §7) as use cases the routes call. Associating
 * first asks Twilio whether the user's account owns the number (numberInAccount.ts): a number
 * outside it is refused (400), one another user's agent holds for the same account is refused
 * (409). Then the number moves to the agent in one transaction, and the Twilio number's voice
 * webhook is pointed at this server. When Twilio could not confirm (no credentials, Twilio
 * unreachable) or the webhook could not be set, the association still stands, with a warning.
 */
import type { Kysely } from 'kysely';
import type { PhoneAssociation } from '../../shared/types/agent.js';
import type { AssociateResponse } from '../../shared/types/api.js';
import { conflict, notFound } from '../core/AppError.js';
import { findAgentRow } from '../db/agents.js';
import { associateNumber, dissociateNumber, listAssociations } from '../db/phoneAssociations.js';
import type { Database } from '../db/schema.js';
import { AGENT_NOT_FOUND } from './agentLimits.js';
import { findNumberInAccount } from './numberInAccount.js';
import { pointNumberAtServer } from './pointNumberAtServer.js';

export const ASSOCIATION_NOT_FOUND = 'Phone number association not found';

/** The database, the secrets and the public address: what asking Twilio and pointing the number need. */
export type PhoneServices = Parameters<typeof findNumberInAccount>[0];

export async function listPhoneAssociations(db: Kysely<Database>, userId: string): Promise<PhoneAssociation[]> {
  return listAssociations(db, userId);
}

/** `phoneNumber` is already normalised (agents/phoneNumber.ts). */
export async function associatePhoneNumber(
  services: PhoneServices,
  userId: string,
  agentId: string,
  phoneNumber: string,
  now: number,
): Promise<AssociateResponse> {
  const { db } = services;
  // Asking Twilio about another user's agent would be wasted: the 404 comes first.
  if (!(await findAgentRow(db, userId, agentId))) throw notFound(AGENT_NOT_FOUND);
  const number = await findNumberInAccount(services, userId, phoneNumber);
  const accountSid = number.confirmed ? number.accountSid : null;
  const result = await associateNumber(db, userId, agentId, phoneNumber, now, accountSid);
  if (result === 'agent_not_found') throw notFound(AGENT_NOT_FOUND);
  if (result === 'held_by_another_user')
    throw conflict(`phoneNumber: ${phoneNumber} is already assigned to another user's agent`);
  const warning = number.confirmed
    ? await pointNumberAtServer(services, number.twilio, number.numberSid)
    : number.warning;
  return warning ? { success: true, warning } : { success: true };
}

export async function dissociatePhoneNumber(
  db: Kysely<Database>,
  userId: string,
  phoneNumber: string,
  now: number,
): Promise<void> {
  if (!(await dissociateNumber(db, userId, phoneNumber, now))) throw notFound(ASSOCIATION_NOT_FOUND);
}
