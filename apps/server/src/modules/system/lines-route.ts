import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const linesSchema = z.array(z.object({ name: z.string().min(1), url: z.string().url() }));

/**
 * The server-line list of spec point 1, served as the plain JSON resource the app reads from the
 * PORTAL `linesUrl` setting. Without configured lines the list holds one line: the origin the app
 * was loaded from, so line selection works (and is honest) on a single server.
 */
export function registerLinesRoute(app: FastifyInstance, configured: string): void {
  const lines = linesSchema.parse(JSON.parse(configured));
  app.get('/lines.json', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    if (lines.length > 0) return lines;
    return [{ name: 'default', url: `${request.protocol}://${request.host}` }];
  });
}
