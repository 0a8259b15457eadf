/**
 * Call recordings (issue 21), under /api/sessions: the owner asks for a signed link (signed in,
 * impersonation rules as every route), and the `<audio>` element plays what the link opens
 * (no bearer token: the link is the credential, see recordings/recordingLinks.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireUser } from '../auth/requireUser.js';
import { recordingAudio, recordingLink } from '../voice/recordingAudio.js';

const Params = Type.Object({ streamSid: Type.String({ minLength: 1, maxLength: 64 }) });
const AudioQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  download: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
});

export async function recordingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, secretBox: app.secretBox, recordings: app.recordings };

  // Minting a link to listen changes nothing: read-only API keys may call it (core/apiKeyPolicy.ts).
  app.post('/recording/:streamSid/link', { config: { readsOnly: true }, schema: { params: Params } }, async (request) =>
    recordingLink(deps, requireUser(request).id, request.params.streamSid, app.clock()),
  );

  app.get(
    '/recording/:streamSid',
    { config: { auth: 'public' }, schema: { params: Params, querystring: AudioQuery } },
    async (request, reply) => {
      const { streamSid } = request.params;
      const answer = await recordingAudio(deps, streamSid, request.query.token, request.headers.range, app.clock());
      reply.code(answer.status).headers(answer.headers);
      if (request.query.download === '1') {
        reply.header('content-disposition', `attachment; filename="call-${streamSid.replace(/[^\w-]/g, '_')}.wav"`);
      }
      return reply.send(answer.body ?? '');
    },
  );
}
