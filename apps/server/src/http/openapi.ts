import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the contract's zod schemas through the registered routes;
 * the interactive docs live at /api/docs and the raw document at /api/docs/json.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vela API',
        version: '1.0.0',
        description: [
          'Every call is `POST /api/...` with a JSON body and answers `{ success, code, message, data }`.',
          '`code` is stable (`OK` on success); `message` is in the language of the `lang` header',
          '(zh-CN, en, zh-TW, id, ms, es, tr, ja, kr, ar, pt), falling back to `Accept-Language`.',
          'Validation failures answer `VALIDATION_FAILED` with `data.field` naming the field.',
          'Passwords are sent pre-hashed by the client. An answer with `forceLogout: true` means the',
          'session is gone and the client must log in again.',
        ].join(' '),
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The session token from /user/login.',
          },
          operatorSession: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: "The operators' console token from /admin/login (never a user's token).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
