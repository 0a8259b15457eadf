/**
 * MCP servers (issue 22) under /api/mcp-servers, for the effective user: another user's server
 * answers 404 'MCP server not found' exactly like a missing one. The bearer token is written, never
 * read back (`has_bearer_token` says whether one is set). POST /:id/refresh lists the server's
 * tools through the outbound guard and keeps them; a server that cannot be listed answers 200
 * with the error in `last_error` and the tools listed before, so the console shows both.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SuccessResponse } from '../../shared/types/api.js';
import type { McpServer } from '../../shared/types/mcp.js';
import { requireUser } from '../auth/requireUser.js';
import { CreateMcpServerBody, mcpServerChanges, UpdateMcpServerBody } from '../tools/mcpServerFields.js';
import {
  addMcpServer,
  editMcpServer,
  getMcpServer,
  listUserMcpServers,
  refreshMcpServer,
  removeMcpServer,
} from '../tools/mcpServerStore.js';

const ServerParams = Type.Object({ id: Type.String() });

export async function mcpServerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, secretBox, mcp, clock, config } = app;
  const deps = { db, secretBox, mcp, clock };
  const allow = config.outboundAllow;

  app.get(
    '',
    { config: { ownerAnswer: true } },
    async (request): Promise<McpServer[]> => listUserMcpServers(db, requireUser(request).id),
  );

  app.get(
    '/:id',
    { schema: { params: ServerParams } },
    async (request): Promise<McpServer> => getMcpServer(db, requireUser(request).id, request.params.id),
  );

  app.post('', { schema: { body: CreateMcpServerBody } }, async (request, reply): Promise<McpServer> => {
    const server = await addMcpServer(deps, requireUser(request).id, mcpServerChanges(request.body, allow));
    reply.code(201);
    return server;
  });

  app.patch(
    '/:id',
    { schema: { params: ServerParams, body: UpdateMcpServerBody } },
    async (request): Promise<McpServer> =>
      editMcpServer(deps, requireUser(request).id, request.params.id, mcpServerChanges(request.body, allow)),
  );

  app.delete('/:id', { schema: { params: ServerParams } }, async (request): Promise<SuccessResponse> => {
    await removeMcpServer(db, requireUser(request).id, request.params.id);
    return { success: true };
  });

  app.post(
    '/:id/refresh',
    { schema: { params: ServerParams } },
    async (request): Promise<McpServer> => refreshMcpServer(deps, requireUser(request).id, request.params.id),
  );
}
