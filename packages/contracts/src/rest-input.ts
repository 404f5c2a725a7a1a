/**
 * The REST facade's two rules, written once for the server (apps/server/src/rest/register.ts and its error
 * handler) and the MSW mocks (@lectio/mocks): how an operation's input is built from a REST request, and
 * how an API error becomes an HTTP status and the `{ message, code, issues? }` body.
 */
import { type ApiErrorBody, ERROR_STATUS, type ErrorCode, type ErrorIssue } from './errors.js';
import { inputInQuery, type Operation, pathParameters } from './operation.js';

/** What a REST request carried, as the HTTP layer parsed it. */
export interface RestRequestParts {
  /** Path parameters (`id` of `/courses/{id}`), decoded. */
  params: Record<string, string>;
  /** The query string; a repeated key is an array. */
  query: unknown;
  /** The parsed JSON body (`undefined` when there is none). */
  body: unknown;
}

/**
 * The procedure's input: path parameters over the query string (GET, DELETE) or the JSON body; nothing
 * for an operation without input. A body that is not an object can't carry the path's fields; it is handed
 * on as it is, for the operation's schema to refuse (400).
 */
export function restInputOf(operation: Operation, request: RestRequestParts): unknown {
  if (!operation.input) return undefined;
  const rest = inputInQuery(operation.rest.method) ? request.query : request.body;
  if (pathParameters(operation.rest.path).length === 0) return rest ?? {};
  if (rest !== undefined && rest !== null && (typeof rest !== 'object' || Array.isArray(rest))) return rest;
  return { ...(rest as object | undefined), ...request.params };
}

/** An API error as REST answers it: `ERROR_STATUS[code]` and `{ message, code, issues? }`. */
export function restErrorOf(
  code: ErrorCode,
  message: string,
  issues?: ErrorIssue[],
): { status: number; body: ApiErrorBody } {
  return { status: ERROR_STATUS[code], body: { message, code, ...(issues ? { issues } : {}) } };
}

/** A schema failure's issues as the API reports them: `{ path: 'a.b', message }`. */
export function issuesOfSchemaError(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
