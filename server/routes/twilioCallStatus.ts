/**
 * Twilio's status callback of the outbound calls this server places (POST
 * /api/twilio/call-status, named in make-call's `StatusCallback`): when a call ends before it was
 * answered (no-answer, busy, failed, canceled), its ringing session ends too. A call that was
 * answered is ended by its Media Stream, so a callback about it changes nothing. Twilio signs the
 * callback like its webhooks (VOICE.md §1.5), with the auth token of the account that placed the
 * call: the ringing session names the owner, whose token and account must match. A callback about
 * a call that is not ringing here is answered without a look at its signature, since it changes
 * nothing.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { callStatusChanged } from '../voice/callStatusChanged.js';
import { formField, INVALID_SIGNATURE, signedForm, WEBHOOK_BODY_LIMIT, WEBHOOK_ROUTE } from './twilioWebhookForm.js';

export async function twilioCallStatusRoutes(app: FastifyInstance): Promise<void> {
  const { db, secretBox, config } = app;
  const services = { db, secretBox, ringing: app.calls.ringing };
  await app.register(formbody, { bodyLimit: WEBHOOK_BODY_LIMIT });

  app.post('/call-status', WEBHOOK_ROUTE, async (request, reply) => {
    const { body, signature, url } = signedForm(request, config.publicUrl);
    const callSid = formField(body, 'CallSid');
    const status = formField(body, 'CallStatus');
    const accountSid = formField(body, 'AccountSid');
    await callStatusChanged(services, { callSid, status, accountSid, signature, url, params: body }, INVALID_SIGNATURE);
    return reply.code(204).send();
  });
}
