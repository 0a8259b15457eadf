/**
 * Phone number associations (spec part 1 §3, §4, §7), under /api/phone-associations, for the
 * effective user's agents. The rules (Twilio's confirmation, the number moving in one
 * transaction, the webhook, the `warning`) are in agents/phoneAssociations.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AssociateResponse, AssociationsResponse, SuccessResponse } from '../../shared/types/api.js';
import { associatePhoneNumber, dissociatePhoneNumber, listPhoneAssociations } from '../agents/phoneAssociations.js';
import { normalizePhoneNumber, PHONE_FORMAT_ERROR } from '../agents/phoneNumber.js';
import { requireUser } from '../auth/requireUser.js';
import { validationFailed } from '../core/AppError.js';

const AssociateBody = Type.Object(
  { phoneNumber: Type.String({ maxLength: 64 }), agentId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

/** The number arrives URL-encoded (%2B for '+'); Fastify decodes it. */
const PhoneNumberParams = Type.Object({ phoneNumber: Type.String({ maxLength: 64 }) });

export async function phoneAssociationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get(
    '',
    async (request): Promise<AssociationsResponse> => ({
      success: true,
      associations: await listPhoneAssociations(db, requireUser(request).id),
    }),
  );

  app.post('', { schema: { body: AssociateBody } }, async (request): Promise<AssociateResponse> => {
    const userId = requireUser(request).id;
    const { agentId } = request.body;
    const phoneNumber = normalizePhoneNumber(request.body.phoneNumber);
    if (!phoneNumber) throw validationFailed(PHONE_FORMAT_ERROR);
    return associatePhoneNumber(app, userId, agentId, phoneNumber, clock());
  });

  app.delete('/:phoneNumber', { schema: { params: PhoneNumberParams } }, async (request): Promise<SuccessResponse> => {
    const phoneNumber = normalizePhoneNumber(request.params.phoneNumber) ?? request.params.phoneNumber;
    await dissociatePhoneNumber(db, requireUser(request).id, phoneNumber, clock());
    return { success: true };
  });
}
