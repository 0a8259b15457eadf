/**
 * Custom values (spec part 2 §7) under /api/custom-values, for the effective user. POST creates
 * or, for a name the user already has, updates; a rename is the console deleting the old name and
 * saving the new one (spec part 2 §4).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { CustomValuesResponse, SuccessResponse } from '../../shared/types/api.js';
import { requireUser } from '../auth/requireUser.js';
import { customValueOf, SaveCustomValueBody } from '../tools/customValueFields.js';
import { listUserCustomValues, removeCustomValue, storeCustomValue } from '../tools/customValueStore.js';

const NameParams = Type.Object({ name: Type.String() });

export async function customValueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get(
    '',
    async (request): Promise<CustomValuesResponse> => ({
      success: true,
      customValues: await listUserCustomValues(db, requireUser(request).id),
    }),
  );

  app.post('', { schema: { body: SaveCustomValueBody } }, async (request, reply): Promise<SuccessResponse> => {
    const userId = requireUser(request).id;
    const value = customValueOf(request.body);
    const outcome = await storeCustomValue(db, userId, value, clock());
    if (outcome === 'created') reply.code(201);
    return { success: true, message: outcome === 'created' ? 'Custom value created' : 'Custom value updated' };
  });

  app.delete('/:name', { schema: { params: NameParams } }, async (request): Promise<SuccessResponse> => {
    await removeCustomValue(db, requireUser(request).id, request.params.name);
    return { success: true, message: 'Custom value deleted' };
  });
}
