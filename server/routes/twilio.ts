/**
 * Twilio account calls (spec part 1 §7) and Twilio's own webhook, under /api/twilio. Account
 * calls use the effective user's Twilio credentials from Settings; Twilio's failures become 400
 * (credentials, numbers: the user's to fix) or 502 (Twilio unreachable), never a 500 and never a
 * 401 (see twilioAppError). Both kinds of call connect to the same Media Stream, with the call's
 * context and a one-time token in `<Parameter>`s (server/voice/streamTokens.ts).
 */
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { MakeCallResponse, PhoneNumbersResponse } from '../../shared/types/api.js';
import { normalizePhoneNumber, PHONE_FORMAT_ERROR } from '../agents/phoneNumber.js';
import { requireUser } from '../auth/requireUser.js';
import { AppError, forbidden, validationFailed } from '../core/AppError.js';
import { callTwilio, twilioForUser } from '../settings/twilioForUser.js';
import { isValidTwilioSignature } from '../twilio/signature.js';
import { connectStreamTwiml, mediaStreamUrl, sayAndHangUpTwiml } from '../twilio/twiml.js';
import { STREAM_TOKEN_PARAMETER } from '../voice/authorizeStream.js';
import type { CallDirection } from '../voice/callTypes.js';
import { findIncomingCallOwner } from '../voice/findIncomingCallOwner.js';
import { placeCall } from '../voice/placeCall.js';
import { streamTokenForIncomingCall } from '../voice/streamTokens.js';
import { formField, INVALID_SIGNATURE, signedForm, WEBHOOK_BODY_LIMIT, WEBHOOK_ROUTE } from './twilioWebhookForm.js';

const MakeCallBody = Type.Object(
  { phoneNumber: Type.String({ maxLength: 64 }), agentId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

/** What a caller hears when the number is attached to no agent. */
export const NO_AGENT_MESSAGE = 'Sorry, no one can take your call at this number. Goodbye.';
/** What a caller hears when the server has to end a call it can't go on with. */
export const CALL_ENDED_MESSAGE = 'Sorry, the agent cannot continue this call. Goodbye.';
/** A webhook for a call whose stream opened, or whose token expired: a replay, never Twilio's retry. */
export const CALL_ALREADY_ANSWERED = 'This call was already answered';

export async function twilioRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, clock } = app;
  await app.register(formbody, { bodyLimit: WEBHOOK_BODY_LIMIT });

  /** TwiML connecting the call's Media Stream, with its context and one-time token as `<Parameter>`s. */
  function connectTwiml(
    token: string,
    call: { agentId: string; callType: CallDirection; from: string; to: string },
  ): string {
    const parameters = {
      [STREAM_TOKEN_PARAMETER]: token,
      agentId: call.agentId,
      callType: call.callType,
      from: call.from,
      to: call.to,
    };
    return connectStreamTwiml(mediaStreamUrl(config.publicUrl), parameters, CALL_ENDED_MESSAGE);
  }

  app.get('/get-all-phone-numbers', async (request): Promise<PhoneNumbersResponse> => {
    const twilio = await twilioForUser(app, requireUser(request).id);
    const numbers = await callTwilio(() => twilio.listIncomingNumbers());
    return { success: true, phoneNumbers: numbers.map((n) => ({ phoneNumber: n.phoneNumber })) };
  });

  app.post('/make-call', { schema: { body: MakeCallBody } }, async (request): Promise<MakeCallResponse> => {
    const userId = requireUser(request).id;
    const to = normalizePhoneNumber(request.body.phoneNumber);
    if (!to) throw validationFailed(PHONE_FORMAT_ERROR);
    const callSid = await placeCall(
      { db, secretBox: app.secretBox, config, ringing: app.calls.ringing },
      { userId, agentId: request.body.agentId, to },
      clock(),
      connectTwiml,
    );
    return { success: true, callSid };
  });

  // Twilio's voice webhook for numbers attached to agents (VOICE.md §1.6).
  app.post('/incoming-call', WEBHOOK_ROUTE, async (request, reply) => {
    const { body, signature, url } = signedForm(request, config.publicUrl);
    const accountSid = formField(body, 'AccountSid');
    const callSid = formField(body, 'CallSid');
    const to = formField(body, 'To');
    const from = typeof body.From === 'string' ? body.From : '';
    const owner = await findIncomingCallOwner(app, { accountSid, to }, (authToken) =>
      isValidTwilioSignature(authToken, signature, url, body),
    );
    if (owner.kind === 'unknown') throw forbidden(INVALID_SIGNATURE);
    reply.type('text/xml; charset=utf-8');
    if (owner.kind === 'no_agent') return sayAndHangUpTwiml(NO_AGENT_MESSAGE);
    const answered = await streamTokenForIncomingCall(
      db,
      app.secretBox,
      { userId: owner.userId, agentId: owner.agentId, from, to, callSid },
      clock(),
    );
    if (!answered) {
      request.log.warn({ callSid }, 'refused an incoming-call webhook for a call already answered');
      throw new AppError('call_already_answered', CALL_ALREADY_ANSWERED);
    }
    const { record } = answered;
    return connectTwiml(answered.token, {
      agentId: record.agent_id,
      callType: 'inbound',
      from: record.from_number,
      to: record.to_number,
    });
  });
}
