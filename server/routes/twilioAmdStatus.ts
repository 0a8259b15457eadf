/**
 * Twilio's asynchronous answering machine detection callback (POST /api/twilio/amd-status,
 * named in make-call's `AsyncAmdStatusCallback` when the agent has a voicemail setting; issue 23).
 * Signed like Twilio's webhooks by the account that placed the call (voice/answeringMachineDetected.ts).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { answeringMachineDetected } from '../voice/answeringMachineDetected.js';
import { formField, INVALID_SIGNATURE, signedForm, WEBHOOK_BODY_LIMIT, WEBHOOK_ROUTE } from './twilioWebhookForm.js';

export async function twilioAmdStatusRoutes(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: WEBHOOK_BODY_LIMIT });

  app.post('/amd-status', WEBHOOK_ROUTE, async (request, reply) => {
    const { body, signature, url } = signedForm(request, app.config.publicUrl);
    const callSid = formField(body, 'CallSid');
    const accountSid = formField(body, 'AccountSid');
    const answeredBy = formField(body, 'AnsweredBy');
    await answeringMachineDetected(
      app,
      { callSid, accountSid, answeredBy, signature, url, params: body },
      INVALID_SIGNATURE,
    );
    return reply.code(204).send();
  });
}
