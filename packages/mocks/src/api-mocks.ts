/**
 * MSW handlers for the whole Lectio API, derived from the contracts' operation declarations: one handler
 * per REST route and one for /trpc (batched calls included), both answering from the same registry of
 * per-operation answers. Inputs are parsed with the operation's schema (a bad one gets the API's 400 with
 * field issues) and answers are checked against its output schema, so a mock can't drift from the API.
 *
 *   const api = createApiMocks();
 *   const server = setupServer(...api.handlers);
 *   api.answer('courses.list', () => ({ data: { courses: [buildCourse()], nextCursor: null } }));
 *   api.fail('courses.get', 'NOT_FOUND', 'Course not found');
 */
import { listOperations, type OperationPath, type Operations } from '@lectio/contracts/api';
import {
  ERROR_STATUS,
  type ErrorCode,
  type ErrorIssue,
  TRPC_CODE_FOR_ERROR,
} from '@lectio/contracts/errors';
import { API_MESSAGES } from '@lectio/contracts/messages';
import {
  inputInQuery,
  type Operation,
  type OperationInput,
  type OperationOutput,
  toRouterPath,
} from '@lectio/contracts/operation';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { ZodError } from 'zod';

/** The declaration of the operation at `path` (`'courses.list'` -> `operations.courses.list`). */
export type OperationAt<P extends OperationPath> = P extends `${infer N extends keyof Operations}.${infer K}`
  ? K extends keyof Operations[N]
    ? Operations[N][K] extends Operation
      ? Operations[N][K]
      : never
    : never
  : never;

export interface MockCall<P extends OperationPath> {
  /** The input as the server's procedure would see it, after the operation's schema. */
  input: OperationInput<OperationAt<P>>;
  /** The intercepted request (headers, cookies). */
  request: Request;
  /** Which transport the call came over. */
  transport: 'rest' | 'trpc';
}

export type MockAnswer<P extends OperationPath> =
  | OperationOutput<OperationAt<P>>
  | ((call: MockCall<P>) => OperationOutput<OperationAt<P>> | Promise<OperationOutput<OperationAt<P>>>);

/** Thrown by an answer (or registered with `fail`): the API's error, with its status on both transports. */
export class MockApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = 'MockApiError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export interface ApiMocksOptions {
  /**
   * Where the API is: '' (default) matches any origin, as the web app calls it on its own origin;
   * `http://localhost:3000` matches only that server.
   */
  baseUrl?: string;
}

export interface ApiMocks {
  /** Give these to `setupServer` or `setupWorker`. */
  handlers: HttpHandler[];
  /** Answer every later call of the operation (REST and tRPC) with this value or function. */
  answer<P extends OperationPath>(path: P, answer: MockAnswer<P>): void;
  /** Answer every later call of the operation with the API's error. */
  fail(path: OperationPath, code: ErrorCode, message?: string, issues?: ErrorIssue[]): void;
  /** The calls made so far to an operation, oldest first (its parsed inputs). */
  calls<P extends OperationPath>(path: P): MockCall<P>[];
  /** Forget every answer and recorded call (for `afterEach`). */
  reset(): void;
}

const operationsByPath = new Map<string, Operation>(
  listOperations().map(({ path, operation }) => [path, operation]),
);

/** The message the API gives for a code when the mock names none. */
function defaultMessage(code: ErrorCode): string {
  return code === 'VALIDATION_ERROR' ? API_MESSAGES.validationFailed : code.toLowerCase().replaceAll('_', ' ');
}

function issuesOf(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

export function createApiMocks(options: ApiMocksOptions = {}): ApiMocks {
  const base = options.baseUrl ?? '*';
  const answers = new Map<string, MockAnswer<OperationPath>>();
  const recorded = new Map<string, MockCall<OperationPath>[]>();

  /** Runs the registered answer for one call: parsed input in, checked output (or MockApiError) out. */
  async function run(
    path: OperationPath,
    rawInput: unknown,
    request: Request,
    transport: 'rest' | 'trpc',
  ): Promise<unknown> {
    const operation = operationsByPath.get(path);
    if (!operation) throw new MockApiError('NOT_FOUND', `No procedure ${path}`);
    let input: unknown;
    try {
      input = operation.input ? operation.input.parse(rawInput ?? {}) : undefined;
    } catch (error) {
      if (error instanceof ZodError) {
        throw new MockApiError('VALIDATION_ERROR', API_MESSAGES.validationFailed, issuesOf(error));
      }
      throw error;
    }
    const call = { input, request, transport } as MockCall<OperationPath>;
    recorded.set(path, [...(recorded.get(path) ?? []), call]);
    const answer = answers.get(path);
    if (answer === undefined) {
      throw new MockApiError('NOT_IMPLEMENTED', `@lectio/mocks: no answer registered for ${path}`);
    }
    const value = typeof answer === 'function' ? await answer(call) : answer;
    const checked = operation.output.safeParse(value);
    if (!checked.success) {
      throw new Error(`@lectio/mocks: the answer for ${path} does not match its output schema: ${checked.error.message}`);
    }
    return checked.data;
  }

  function restHandler(path: OperationPath, operation: Operation): HttpHandler {
    const method = operation.rest.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    return http[method](`${base}${API_PREFIX}${toRouterPath(operation.rest.path)}`, async ({ request, params }) => {
      const url = new URL(request.url);
      const rest = inputInQuery(operation.rest.method)
        ? Object.fromEntries(url.searchParams)
        : await request
            .clone()
            .json()
            .catch(() => undefined);
      const rawInput = operation.input ? { ...(rest as object | undefined), ...params } : undefined;
      try {
        const data = await run(path, rawInput, request, 'rest');
        return HttpResponse.json(data as never, { status: operation.rest.status ?? 200 });
      } catch (error) {
        if (!(error instanceof MockApiError)) throw error;
        return HttpResponse.json(
          { message: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) },
          { status: error.status },
        );
      }
    });
  }

  /** tRPC's HTTP protocol: `/trpc/a,b?batch=1` with inputs keyed by index (query string or JSON body). */
  async function trpcResponse(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const paths = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1)).split(',');
    const isBatch = url.searchParams.get('batch') === '1';
    const rawInputs: unknown =
      request.method === 'GET'
        ? JSON.parse(url.searchParams.get('input') ?? (isBatch ? '{}' : 'null'))
        : await request
            .clone()
            .json()
            .catch(() => (isBatch ? {} : undefined));
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const rawInput = isBatch ? (rawInputs as Record<string, unknown> | null)?.[index] : rawInputs;
        try {
          return { status: 200, body: { result: { data: await run(path as OperationPath, rawInput, request, 'trpc') } } };
        } catch (error) {
          if (!(error instanceof MockApiError)) throw error;
          const key = TRPC_CODE_FOR_ERROR[error.code];
          return {
            status: error.status,
            body: {
              error: {
                message: error.message,
                code: TRPC_ERROR_CODES_BY_KEY[key],
                data: {
                  code: key,
                  httpStatus: error.status,
                  path,
                  appCode: error.code,
                  ...(error.issues ? { issues: error.issues } : {}),
                },
              },
            },
          };
        }
      }),
    );
    const statuses = new Set(results.map((result) => result.status));
    const status = statuses.size === 1 ? (results[0]?.status ?? 200) : 207;
    const body = isBatch ? results.map((result) => result.body) : results[0]?.body;
    return HttpResponse.json(body as never, { status });
  }

  // Literal paths before parameterised ones, so that GET /videos/signature is not taken for /videos/{id}.
  const byLiteralFirst = listOperations().sort(
    (a, b) => a.operation.rest.path.split('{').length - b.operation.rest.path.split('{').length,
  );
  const handlers: HttpHandler[] = [
    ...byLiteralFirst.map(({ path, operation }) => restHandler(path, operation)),
    http.get(`${base}/trpc/:paths`, ({ request }) => trpcResponse(request)),
    http.post(`${base}/trpc/:paths`, ({ request }) => trpcResponse(request)),
  ];

  return {
    handlers,
    answer(path, answer) {
      answers.set(path, answer as MockAnswer<OperationPath>);
    },
    fail(path, code, message = defaultMessage(code), issues) {
      answers.set(path, () => {
        throw new MockApiError(code, message, issues);
      });
    },
    calls(path) {
      return (recorded.get(path) ?? []) as never;
    },
    reset() {
      answers.clear();
      recorded.clear();
    },
  };
}
