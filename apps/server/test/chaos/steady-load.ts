/**
 * Steady load for the chaos tier, as a few concurrent clients would make it: anonymous catalogue reads
 * (REST, a search that is never cached, tRPC), signed-in reads, sign-ins, and test-mode purchases of
 * paid and free courses. Every exchange is recorded with its timing, status, Retry-After and whether its
 * error body has the API's shape, so the test can judge each phase of an outage afterwards.
 *
 * A purchase is acknowledged when the server answers 2xx to the call that enrolls (test-card
 * confirmation for a paid course, the payment intent for a free one): the buyer has been told they own
 * the course. A purchase that fails is retried later, as a client honouring Retry-After would; a retry
 * answered 409 ("already purchased") means an earlier attempt committed but its answer was lost.
 */

export type ExchangeKind =
  | 'catalogue'
  | 'catalogue-search'
  | 'catalogue-trpc'
  | 'me'
  | 'my-courses'
  | 'signed-in-trpc'
  | 'sign-in'
  | 'payment-intent'
  | 'confirm-card'
  | 'confirm-payment'
  | 'health';

export interface Exchange {
  kind: ExchangeKind;
  transport: 'rest' | 'trpc';
  /** performance.now() at the start and at the end of the exchange. */
  startedAt: number;
  endedAt: number;
  /** 0: no HTTP answer at all (connection refused or reset, or no answer within the client's timeout). */
  status: number;
  retryAfter: string | null;
  /** The error code of a non-2xx answer (REST `code`, tRPC `data.code`), when its body had the API's shape. */
  errorCode?: string;
  errorMessage?: string;
  /** False when a non-2xx answer's body was not the API's error shape for its transport. */
  errorShapeOk: boolean;
  /** For status 0: what happened. */
  failure?: string;
  /** A 409 the load expects: a retried purchase whose earlier attempt committed but lost its answer. */
  expected?: boolean;
}

export interface Student {
  id: string;
  email: string;
  password: string;
  accessToken: string;
}

export interface Purchase {
  studentId: string;
  courseId: string;
  free: boolean;
}

/** performance.now() when each purchase was acknowledged, keyed by `${studentId}:${courseId}`. */
export type Ledger = Map<string, number>;
export const purchaseKey = (purchase: Pick<Purchase, 'studentId' | 'courseId'>) =>
  `${purchase.studentId}:${purchase.courseId}`;

const CLIENT_TIMEOUT_MS = 20_000;
const TEST_CARD = '4242424242424242';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export interface LoadShape {
  catalogueClients: number;
  signedInClients: number;
  signInClients: number;
  purchaseClients: number;
  /** Pause between one client's requests, in ms. */
  thinkMs: number;
  healthPollMs: number;
}

export class SteadyLoad {
  readonly exchanges: Exchange[] = [];
  /** Acknowledged purchases (2xx to the enrolling call). */
  readonly acknowledged: Ledger = new Map();
  /** Purchases whose retry found the course already owned: committed, but the answer was lost. */
  readonly committedUnacknowledged = new Set<string>();
  /** Purchases tried at least once (a later try is a retry). */
  private readonly attempted = new Set<string>();
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly students: readonly Student[],
    /** Purchases still to make, shared across runs (a run leaves what it didn't finish). */
    private readonly pending: Purchase[],
    private readonly shape: LoadShape,
  ) {}

  start(): void {
    if (this.running) throw new Error('the load is running already');
    this.running = true;
    const loops: (() => Promise<void>)[] = [
      ...Array.from({ length: this.shape.catalogueClients }, () => () => this.catalogueClient()),
      ...Array.from({ length: this.shape.signedInClients }, () => () => this.signedInClient()),
      ...Array.from({ length: this.shape.signInClients }, () => () => this.signInClient()),
      ...Array.from({ length: this.shape.purchaseClients }, () => () => this.purchaseClient()),
      () => this.healthPoller(),
    ];
    this.workers = loops.map((loop) => loop());
  }

  /** Stops every client after its current exchange; resolves when all have stopped. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    this.workers = [];
  }

  /** Exchanges that started in [from, to). */
  between(from: number, to: number = Number.POSITIVE_INFINITY): Exchange[] {
    return this.exchanges.filter((exchange) => exchange.startedAt >= from && exchange.startedAt < to);
  }

  private async catalogueClient(): Promise<void> {
    const trpcInput = encodeURIComponent(JSON.stringify({ limit: 12 }));
    while (this.running) {
      const which = Math.random();
      if (which < 0.4) await this.rest('catalogue', 'GET', '/courses?limit=12');
      else if (which < 0.7) await this.rest('catalogue-search', 'GET', '/courses?limit=12&search=Chaos');
      else await this.trpc('catalogue-trpc', 'GET', `courses.list?input=${trpcInput}`);
      await sleep(this.shape.thinkMs);
    }
  }

  private async signedInClient(): Promise<void> {
    const trpcInput = encodeURIComponent(JSON.stringify({ limit: 12 }));
    while (this.running) {
      const student = pick(this.students);
      const auth = { authorization: `Bearer ${student.accessToken}` };
      const which = Math.random();
      if (which < 0.35) await this.rest('me', 'GET', '/auth/me', undefined, auth);
      else if (which < 0.7) await this.rest('my-courses', 'GET', '/courses/my-courses', undefined, auth);
      else await this.trpc('signed-in-trpc', 'GET', `courses.list?input=${trpcInput}`, undefined, auth);
      await sleep(this.shape.thinkMs);
    }
  }

  private async signInClient(): Promise<void> {
    while (this.running) {
      const student = pick(this.students);
      await this.rest('sign-in', 'POST', '/auth/login', { email: student.email, password: student.password });
      // argon2 is deliberately costly: sign-ins are a trickle, not the bulk of the load.
      await sleep(this.shape.thinkMs * 10);
    }
  }

  private async purchaseClient(): Promise<void> {
    while (this.running) {
      const purchase = this.pending.shift();
      if (!purchase) {
        await sleep(50);
        continue;
      }
      const done = await this.purchase(purchase);
      if (!done) this.pending.push(purchase);
      await sleep(this.shape.thinkMs);
    }
  }

  /** One attempt at a purchase; true when it needs no retry. */
  private async purchase(purchase: Purchase): Promise<boolean> {
    const student = this.students.find((candidate) => candidate.id === purchase.studentId);
    if (!student) throw new Error(`no student ${purchase.studentId}`);
    const auth = { authorization: `Bearer ${student.accessToken}` };
    const key = purchaseKey(purchase);
    const retry = this.attempted.has(key);
    this.attempted.add(key);
    const intent = await this.rest(
      'payment-intent',
      'POST',
      '/payment/create-payment-intent',
      { courseId: purchase.courseId },
      auth,
    );
    if (intent.exchange.status === 409) {
      // On a retry, "already owned" is the right answer: an earlier try committed and its answer was lost.
      if (retry) intent.exchange.expected = true;
      if (!this.acknowledged.has(key)) this.committedUnacknowledged.add(key);
      return true;
    }
    if (intent.exchange.status !== 200) return false;
    const body = intent.body as { enrolled?: boolean; paymentIntentId: string; clientSecret: string };
    if (body.enrolled) {
      this.acknowledged.set(key, intent.exchange.endedAt);
      return true;
    }
    const confirmed = await this.rest(
      'confirm-card',
      'POST',
      '/payment/test/confirm-card',
      {
        paymentIntentId: body.paymentIntentId,
        clientSecret: body.clientSecret,
        cardNumber: TEST_CARD,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 3,
        cvc: '123',
      },
      auth,
    );
    if (confirmed.exchange.status !== 200) return false;
    this.acknowledged.set(key, confirmed.exchange.endedAt);
    // The buyer's own confirm call, as the checkout page makes it: it finds the fulfilment done.
    await this.rest(
      'confirm-payment',
      'POST',
      '/payment/confirm-payment',
      { paymentIntentId: body.paymentIntentId },
      auth,
    );
    return true;
  }

  private async healthPoller(): Promise<void> {
    while (this.running) {
      await this.rest('health', 'GET', '/health');
      await sleep(this.shape.healthPollMs);
    }
  }

  private rest(
    kind: ExchangeKind,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ exchange: Exchange; body: unknown }> {
    return this.send(kind, 'rest', method, `/api/v1${path}`, body, headers);
  }

  private trpc(
    kind: ExchangeKind,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ exchange: Exchange; body: unknown }> {
    return this.send(kind, 'trpc', method, `/trpc/${path}`, body, headers);
  }

  private async send(
    kind: ExchangeKind,
    transport: 'rest' | 'trpc',
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ exchange: Exchange; body: unknown }> {
    const startedAt = performance.now();
    const exchange: Exchange = {
      kind,
      transport,
      startedAt,
      endedAt: startedAt,
      status: 0,
      retryAfter: null,
      errorShapeOk: true,
    };
    let parsed: unknown;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      const text = await response.text();
      exchange.status = response.status;
      exchange.retryAfter = response.headers.get('retry-after');
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (response.status >= 400) Object.assign(exchange, errorShapeOf(transport, response.status, parsed));
    } catch (error) {
      exchange.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    exchange.endedAt = performance.now();
    this.exchanges.push(exchange);
    return { exchange, body: parsed };
  }
}

/** The error code and message of an error answer, and whether its body is the API's shape for its transport. */
function errorShapeOf(
  transport: 'rest' | 'trpc',
  status: number,
  body: unknown,
): Pick<Exchange, 'errorCode' | 'errorMessage' | 'errorShapeOk'> {
  if (transport === 'rest') {
    const error = body as { message?: unknown; code?: unknown } | undefined;
    const ok = typeof error?.message === 'string' && typeof error.code === 'string';
    return ok
      ? { errorCode: error.code as string, errorMessage: error.message as string, errorShapeOk: true }
      : { errorShapeOk: false };
  }
  const error = (body as { error?: { message?: unknown; data?: { code?: unknown; httpStatus?: unknown } } })
    ?.error;
  const ok =
    typeof error?.message === 'string' &&
    typeof error.data?.code === 'string' &&
    error.data.httpStatus === status;
  return ok
    ? { errorCode: error.data?.code as string, errorMessage: error.message as string, errorShapeOk: true }
    : { errorShapeOk: false };
}
