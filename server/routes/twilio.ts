/**
 * Twilio account calls (spec part 1 §7), under /api/twilio, with the effective user's Twilio
 * credentials from Settings. Twilio's failures become 400 (credentials, numbers: the user's to
 * fix) or 502 (Twilio unreachable), never a 500 and never a 401 (see twilioHttpError).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { MakeCallResponse, PhoneNumbersResponse } from '../../shared/types/api.js';
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import { normalizePhoneNumber, PHONE_FORMAT_ERROR } from '../agents/phoneNumber.js';
import { callTwilio, twilioForUser } from '../agents/twilioForUser.js';
import { requireUser } from '../auth/requireUser.js';
import { findAgentRow } from '../db/agents.js';
import { badRequest, validationFailed, notFound } from '../http/HttpError.js';
import { connectStreamTwiml, mediaStreamUrl } from '../twilio/twiml.js';

const MakeCallBody = Type.Object(
  { phoneNumber: Type.String({ maxLength: 64 }), agentId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

export const AGENT_HAS_NO_NUMBER = 'This agent has no phone number. Attach one of your Twilio numbers first.';

export async function twilioRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;

  app.get('/get-all-phone-numbers', async (request): Promise<PhoneNumbersResponse> => {
    const twilio = await twilioForUser(app, requireUser(request).id);
    const numbers = await callTwilio(() => twilio.listIncomingNumbers());
    return { success: true, phoneNumbers: numbers.map((n) => ({ phoneNumber: n.phoneNumber })) };
  });

  app.post('/make-call', { schema: { body: MakeCallBody } }, async (request): Promise<MakeCallResponse> => {
    const userId = requireUser(request).id;
    const to = normalizePhoneNumber(request.body.phoneNumber);
    if (!to) throw validationFailed(PHONE_FORMAT_ERROR);
    const agent = await findAgentRow(db, userId, request.body.agentId);
    if (!agent) throw notFound(AGENT_NOT_FOUND);
    if (!agent.phone_number) throw badRequest(AGENT_HAS_NO_NUMBER, 'agent_has_no_number');
    const twilio = await twilioForUser(app, userId);
    // The media-stream bridge reads agentId and direction from these <Parameter>s.
    const twiml = connectStreamTwiml(mediaStreamUrl(config.publicUrl), { agentId: agent.id, direction: 'outbound' });
    const call = await callTwilio(() => twilio.createCall({ to, from: agent.phone_number!, twiml }));
    return { success: true, callSid: call.sid };
  });
}
