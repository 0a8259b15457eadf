/**
 * `/api/twilio/media-stream`: the WebSocket Twilio opens for a call's Media Stream (VOICE.md §1).
 * Whose signature the upgrade carries is only known from the stream's `start`, so before the
 * upgrade only its shape is checked (403 without one), and an address already holding its share
 * of unchecked streams is refused (429, issue 18). Everything else is checked on `start`
 * (server/voice/authorizeStream.ts) before any OpenAI socket opens; until then the stream may
 * cost almost nothing (server/voice/TwilioStream.ts). The global rate limit applies as to every
 * public endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, retryAfter } from '../core/AppError.js';
import { addressKey } from '../net/addressKey.js';
import { isSignatureShaped, TWILIO_SIGNATURE_HEADER } from '../twilio/signature.js';

export async function mediaStreamRoutes(app: FastifyInstance): Promise<void> {
  // An unchecked stream counts against its address as every per-address limit keys it (IPv6 by prefix).
  const address = (ip: string) => addressKey(ip, app.config.ipv6PrefixLength);
  app.get(
    '/media-stream',
    {
      websocket: true,
      config: { auth: 'public' },
      preValidation: async (request) => {
        if (!isSignatureShaped(request.headers[TWILIO_SIGNATURE_HEADER]))
          throw forbidden('Only Twilio may open a media stream');
        if (!app.calls.admitsStreamFrom(address(request.ip))) {
          throw new AppError(
            'rate_limited',
            'Too many media streams from this address are waiting to start',
            retryAfter(5),
          );
        }
      },
    },
    (socket, request) => {
      const signature = request.headers[TWILIO_SIGNATURE_HEADER];
      app.calls.accept(socket, typeof signature === 'string' ? signature : undefined, address(request.ip));
    },
  );
}
