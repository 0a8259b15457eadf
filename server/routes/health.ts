import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '../../shared/types/api.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const startedAt = app.clock();
  app.get(
    '/health',
    { config: { auth: 'public' } },
    async (): Promise<HealthResponse> => ({
      status: 'ok',
      uptimeSeconds: Math.max(0, Math.floor((app.clock() - startedAt) / 1000)),
    }),
  );
}
