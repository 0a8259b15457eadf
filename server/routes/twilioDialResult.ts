/**
 * Twilio's post of a transfer's dial result (POST /api/twilio/dial-result?streamSid=…, the
 * `<Dial action>` of issue 23): signature-checked like every Twilio webhook, answered with TwiML.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../core/AppError.js';
import { dialResult } from '../voice/dialResult.js';
import { formField, INVALID_SIGNATURE, signedForm, WEBHOOK_BODY_LIMIT, WEBHOOK_ROUTE } from './twilioWebhookForm.js';

export async function twilioDialResultRoutes(app: FastifyInstance): Promise<void> {
  const { db, secretBox, config } = app;
  await app.register(formbody, { bodyLimit: WEBHOOK_BODY_LIMIT });

  app.post('/dial-result', WEBHOOK_ROUTE, async (request, reply) => {
    const { body, signature, url } = signedForm(request, config.publicUrl);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const streamSid = typeof query.streamSid === 'string' ? query.streamSid : '';
    if (streamSid === '' || streamSid.length > 64) throw invalidField('streamSid', 'required');
    const twiml = await dialResult(
      { db, secretBox },
      {
        streamSid,
        callSid: formField(body, 'CallSid'),
        accountSid: formField(body, 'AccountSid'),
        dialStatus: formField(body, 'DialCallStatus'),
        signature,
        url,
        params: body,
      },
      INVALID_SIGNATURE,
    );
    reply.type('text/xml; charset=utf-8');
    return twiml;
  });
}
