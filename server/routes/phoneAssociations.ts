/**
 * Phone number associations (spec part 1 §3, §4, §7), under /api/phone-associations, for the
 * effective user's agents. Associating first asks Twilio whether the user's account owns the
 * number (agents/numberInAccount.ts): a number outside it is refused (400), one another user's
 * agent holds for the same account is refused (409). Then the number moves to the agent in one
 * transaction, and the Twilio number's voice webhook is pointed at this server. When Twilio could
 * not confirm (no credentials, Twilio unreachable) or the webhook could not be set, the
 * association still stands and the answer is `{success:true, warning:'…'}`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AssociateResponse, AssociationsResponse, SuccessResponse } from '../../shared/types/api.js';
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import { normalizePhoneNumber, PHONE_FORMAT_ERROR } from '../agents/phoneNumber.js';
import { findNumberInAccount } from '../agents/numberInAccount.js';
import { pointNumberAtServer } from '../agents/pointNumberAtServer.js';
import { requireUser } from '../auth/requireUser.js';
import { findAgentRow } from '../db/agents.js';
import { associateNumber, dissociateNumber, listAssociations } from '../db/phoneAssociations.js';
import { conflict, notFound, validationFailed } from '../core/AppError.js';

const AssociateBody = Type.Object(
  { phoneNumber: Type.String({ maxLength: 64 }), agentId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

/** The number arrives URL-encoded (%2B for '+'); Fastify decodes it. */
const PhoneNumberParams = Type.Object({ phoneNumber: Type.String({ maxLength: 64 }) });

export async function phoneAssociationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get('', async (request): Promise<AssociationsResponse> => ({
    success: true,
    associations: await listAssociations(db, requireUser(request).id),
  }));

  app.post('', { schema: { body: AssociateBody } }, async (request): Promise<AssociateResponse> => {
    const userId = requireUser(request).id;
    const { agentId } = request.body;
    const phoneNumber = normalizePhoneNumber(request.body.phoneNumber);
    if (!phoneNumber) throw validationFailed(PHONE_FORMAT_ERROR);
    // Asking Twilio about another user's agent would be wasted: the 404 comes first.
    if (!(await findAgentRow(db, userId, agentId))) throw notFound(AGENT_NOT_FOUND);
    const number = await findNumberInAccount(app, userId, phoneNumber);
    const accountSid = number.confirmed ? number.accountSid : null;
    const result = await associateNumber(db, userId, agentId, phoneNumber, clock(), accountSid);
    if (result === 'agent_not_found') throw notFound(AGENT_NOT_FOUND);
    if (result === 'held_by_another_user') throw conflict(`phoneNumber: ${phoneNumber} is already assigned to another user's agent`);
    const warning = number.confirmed ? await pointNumberAtServer(app, number.twilio, number.numberSid) : number.warning;
    return warning ? { success: true, warning } : { success: true };
  });

  app.delete('/:phoneNumber', { schema: { params: PhoneNumberParams } }, async (request): Promise<SuccessResponse> => {
    const phoneNumber = normalizePhoneNumber(request.params.phoneNumber) ?? request.params.phoneNumber;
    if (!(await dissociateNumber(db, requireUser(request).id, phoneNumber, clock()))) {
      throw notFound('Phone number association not found');
    }
    return { success: true };
  });
}
