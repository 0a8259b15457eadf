/**
 * Tools (spec part 2 §7) under /api/tools, for the effective user: another user's tool answers
 * 404 'Tool not found' exactly like a missing one. A save checks the fields here, then compiles
 * the parameters schema and handler code in the sandbox, then writes under the name and quota
 * rules (tools/toolStore.ts). POST /:id/test runs the handler in the sandbox for the Test panel.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SuccessResponse } from '../../shared/types/api.js';
import type { Tool, ToolTestResult } from '../../shared/types/tool.js';
import { requireUser } from '../auth/requireUser.js';
import { CreateToolBody, newToolFields, toolChanges, UpdateToolBody } from '../tools/toolFields.js';
import { addTool, editTool, getTool, listUserTools, removeTool, testTool } from '../tools/toolStore.js';

const ToolParams = Type.Object({ id: Type.String() });

/** `args` is whatever the Test panel's JSON holds; the tool's own schema checks it. */
const TestBody = Type.Object({ args: Type.Optional(Type.Unknown()) }, { additionalProperties: false });

export async function toolRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, sandbox } = app;
  const deps = { db, sandbox };

  app.get(
    '',
    { config: { ownerAnswer: true } },
    async (request): Promise<Tool[]> => listUserTools(db, requireUser(request).id),
  );

  app.get(
    '/:id',
    { schema: { params: ToolParams } },
    async (request): Promise<Tool> => getTool(db, requireUser(request).id, request.params.id),
  );

  app.post('', { schema: { body: CreateToolBody } }, async (request, reply): Promise<Tool> => {
    const userId = requireUser(request).id;
    const tool = await addTool(deps, userId, newToolFields(request.body), clock());
    reply.code(201);
    return tool;
  });

  app.patch('/:id', { schema: { params: ToolParams, body: UpdateToolBody } }, async (request): Promise<Tool> => {
    const userId = requireUser(request).id;
    return editTool(deps, userId, request.params.id, toolChanges(request.body), clock());
  });

  app.delete('/:id', { schema: { params: ToolParams } }, async (request): Promise<SuccessResponse> => {
    await removeTool(db, requireUser(request).id, request.params.id);
    return { success: true };
  });

  /**
   * Arguments that do not match the tool's schema answer 200 with `success: false` and the error
   * naming the field, not 400: the Test panel shows it inline like any other failed run, and a
   * model tool call gets the same text from runTool. Only a missing tool or a malformed body is 4xx.
   */
  app.post(
    '/:id/test',
    { schema: { params: ToolParams, body: TestBody } },
    async (request): Promise<ToolTestResult> =>
      testTool(deps, requireUser(request).id, request.params.id, request.body.args ?? {}),
  );
}
