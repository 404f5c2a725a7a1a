/**
 * One error shape for every failure: `{ message, code, issues? }`; no stack traces in production. Bad
 * input is a 4xx, never a 500: PostgreSQL refusing a value (lib/database-errors.ts) is a 400, logged as a
 * warning because an input schema should have refused it first.
 */

import type { ApiErrorBody, ErrorCode } from '@lectio/contracts/errors';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { restErrorOf } from '@lectio/contracts/rest-input';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { refusedValueError } from '../lib/database-errors';
import { databaseUnavailableError } from '../lib/database-unavailable';
import { AppError, badRequest, issuesFromZod } from '../lib/errors';
import { redactedErrorText } from '../lib/log-redaction';

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

export function errorBody(
  error: unknown,
  isProduction: boolean,
): { status: number; body: ApiErrorBody; headers?: Record<string, string> } {
  const refused = refusedValueError(error);
  if (refused) return errorBody(refused, isProduction);
  // The database unreachable (lib/database-unavailable.ts): a 503 with Retry-After, not a 500.
  const unavailable = databaseUnavailableError(error);
  if (unavailable) return errorBody(unavailable, isProduction);
  if (error instanceof AppError) {
    return {
      ...restErrorOf(error.code, error.message, error.issues),
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (error instanceof ZodError) {
    return restErrorOf('VALIDATION_ERROR', API_MESSAGES.validationFailed, issuesFromZod(error));
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : (fastifyError.message ?? API_MESSAGES.validationFailed);
    return { status, body: { message, code: CODE_FOR_STATUS[status] ?? 'BAD_REQUEST' } };
  }
  return {
    status: 500,
    body: {
      message: isProduction
        ? API_MESSAGES.internalError
        : `${API_MESSAGES.internalError}: ${redactedErrorText(error, String((error as Error)?.message ?? error))}`,
      code: 'INTERNAL_SERVER_ERROR',
    },
  };
}

/**
 * Fastify's `frameworkErrors`: the router's refusals of a URL (bad percent-encoding, a parameter over
 * `maxParamLength`) otherwise bypass the error handler and answer in Fastify's own shape (the latter as a
 * 414). Both are bad input: a 400 in the one error shape.
 */
export function frameworkErrorHandler(isProduction: boolean) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const badUrl = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const { status, body } = errorBody(badUrl ? badRequest(API_MESSAGES.invalidUrl) : error, isProduction);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  };
}

export function registerErrorHandler(app: FastifyInstance, isProduction: boolean): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = errorBody(error, isProduction);
    // A 503 is the server saying "not now" (the database unreachable, a drain): the breaker logs the outage
    // once as an error; each request answered meanwhile is a warning, not another error.
    if (status === 503) request.log.warn({ err: error }, 'request answered 503');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (refusedValueError(error))
      request.log.warn({ err: error }, 'the database refused an input value');
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });
}
