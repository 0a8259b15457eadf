/**
 * Phone number associations (spec part 1 §3, §4, §7), under /api/phone-associations, for the
 * effective user's agents. Associating moves a number to the agent in one transaction, then
 * points the Twilio number's voice webhook at this server. That second step is best effort: if
 * it cannot be done (no credentials, a number outside the Twilio account, Twilio failing) the
 * association still stands and the answer is `{success:true, warning:'…'}`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AssociateResponse, AssociationsResponse, SuccessResponse } from '../../shared/types/api.js';
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import { normalizePhoneNumber, PHONE_FORMAT_ERROR } from '../agents/phoneNumber.js';
import { pointNumberAtServer } from '../agents/pointNumberAtServer.js';
import { requireUser } from '../auth/requireUser.js';
import { associateNumber, dissociateNumber, listAssociations } from '../db/phoneAssociations.js';
import { notFound, validationFailed } from '../http/HttpError.js';

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
    const phoneNumber = normalizePhoneNumber(request.body.phoneNumber);
    if (!phoneNumber) throw validationFailed(PHONE_FORMAT_ERROR);
    if (!(await associateNumber(db, userId, request.body.agentId, phoneNumber, clock()))) throw notFound(AGENT_NOT_FOUND);
    const warning = await pointNumberAtServer(app, userId, phoneNumber);
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
