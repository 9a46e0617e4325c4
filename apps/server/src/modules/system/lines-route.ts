import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The list of server lines a user may choose from, served as the plain JSON resource the app reads
 * from the PORTAL `linesUrl` setting. Without configured lines the list holds one line: the origin the app
 * was loaded from, so line selection works (and is honest) on a single server.
 */
export function registerLinesRoute(app: FastifyInstance, lines: Config['SERVER_LINES']): void {
  app.get('/lines.json', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    if (lines.length > 0) return lines;
    return [{ name: 'default', url: `${request.protocol}://${request.host}` }];
  });
}
