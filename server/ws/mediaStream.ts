/**
 * `/api/twilio/media-stream`: the WebSocket Twilio opens for a call's Media Stream (VOICE.md §1).
 * An upgrade without `X-Twilio-Signature` is refused with 403 before it happens; everything
 * else is checked on the stream's `start` (server/voice/authorizeStream.ts) before any OpenAI
 * socket opens. The global rate limit and the WebSocket frame-size limit apply as to every
 * public endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../http/HttpError.js';
import { TWILIO_SIGNATURE_HEADER } from '../twilio/signature.js';

export async function mediaStreamRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/media-stream',
    {
      websocket: true,
      config: { auth: 'public' },
      preValidation: async (request) => {
        if (!request.headers[TWILIO_SIGNATURE_HEADER]) throw forbidden('Only Twilio may open a media stream');
      },
    },
    (socket, request) => {
      const signature = request.headers[TWILIO_SIGNATURE_HEADER];
      app.calls.accept(socket, typeof signature === 'string' ? signature : undefined);
    },
  );
}
