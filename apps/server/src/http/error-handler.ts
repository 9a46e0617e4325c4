import type { FastifyError, FastifyInstance } from 'fastify';
import { HTTP_STATUS, allEndpoints, type ErrorCode } from '@vela/contract';
import { AppError } from '../errors.ts';
import { requestLocale, type Messages } from './messages.ts';
import type { StaticSites } from './static-sites.ts';
import { BodyValidationError, describeIssues } from './validation.ts';

/**
 * Every failure leaves in the same envelope as a success: `{success:false, code, message, data}`,
 * with the message in the caller's language. Unexpected errors are logged with their stack and
 * answered with a generic message, so internals never leak to a client.
 */
export function installErrorHandlers(app: FastifyInstance, messages: Messages, sites: StaticSites): void {
  const knownPaths = new Set(allEndpoints().map((e) => `/api${e.path}`));

  app.setErrorHandler((error: FastifyError | AppError | BodyValidationError, request, reply) => {
    const locale = requestLocale(request.headers);
    const send = (code: ErrorCode, message: string, data: unknown = null, forceLogout = false) => {
      void reply
        .status(HTTP_STATUS[code])
        .send({ success: false, code, message, data, ...(forceLogout ? { forceLogout: true } : {}) });
    };

    if (error instanceof AppError) {
      send(error.code, messages.t(locale, error.messageKey, error.params), error.data, error.forceLogout);
      return;
    }
    if (error instanceof BodyValidationError) {
      // A body that is not a JSON object at all (text, an array, null) is a malformed request, not
      // a field to correct.
      if (error.issues.some((issue) => issue.path.length === 0 && issue.code !== 'unrecognized_keys')) {
        return send('BAD_REQUEST', messages.t(locale, 'error.BAD_REQUEST'));
      }
      const problems = describeIssues(error.issues, messages, locale);
      const first = problems[0];
      send('VALIDATION_FAILED', first?.message ?? messages.t(locale, 'error.VALIDATION_FAILED'), {
        field: first?.field ?? null,
        errors: problems,
      });
      return;
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return send('PAYLOAD_TOO_LARGE', messages.t(locale, 'error.PAYLOAD_TOO_LARGE'));
    if (status === 429)
      return send('RATE_LIMITED', messages.t(locale, 'error.RATE_LIMITED', { seconds: 60 }));
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type and the like: the client's fault, said plainly.
      return send('BAD_REQUEST', messages.t(locale, 'error.BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    send('INTERNAL_ERROR', messages.t(locale, 'error.INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (sites.fallback(request, reply)) return;
    const locale = requestLocale(request.headers);
    const path = request.url.split('?')[0] ?? request.url;
    const code: ErrorCode = knownPaths.has(path) ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND';
    void reply
      .status(HTTP_STATUS[code])
      .send({ success: false, code, message: messages.t(locale, `error.${code}`, { path }), data: null });
  });
}
