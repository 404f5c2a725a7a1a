/**
 * A small HTTP client for the cluster tier over node:http, because the tier needs what fetch can't give:
 * a chosen source address per client (127.0.0.x on loopback), so that HAProxy sees distinct clients and
 * writes their real address into X-Forwarded-For, and keep-alive connections only where asked for.
 */
import http from 'node:http';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
  /** The body parsed as JSON (throws when it is not JSON). */
  json<T = unknown>(): T;
  /** The instance that answered, from HAProxy's X-Served-By (undefined for direct requests). */
  servedBy: string | undefined;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless a Buffer (sent as is; set the content type in `headers`). */
  body?: unknown;
  timeoutMs?: number;
}

const agents = new Set<http.Agent>();

export function destroyAgents(): void {
  for (const agent of agents) agent.destroy();
  agents.clear();
}

/**
 * A client that connects from `localAddress` (any 127.0.0.0/8 address works on Linux loopback). By
 * default each request has a connection of its own: a kept-alive connection left idle between tests can
 * be closed by HAProxy (timeout http-keep-alive) just as it is reused, and Node does not retry. The load
 * generators keep connections alive, as browsers do, and close them when they stop.
 */
export function clientFrom(localAddress: string, options: { keepAlive?: boolean } = {}) {
  const agent = new http.Agent({ keepAlive: options.keepAlive ?? false, localAddress, maxSockets: 64 });
  agents.add(agent);
  return {
    address: localAddress,
    request: (baseUrl: string, path: string, requestOptions: RequestOptions = {}) =>
      send(agent, baseUrl, path, requestOptions),
    close: () => {
      agent.destroy();
      agents.delete(agent);
    },
  };
}

export type Client = ReturnType<typeof clientFrom>;

function send(agent: http.Agent, baseUrl: string, path: string, options: RequestOptions): Promise<Reply> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let payload: Buffer | undefined;
  if (options.body !== undefined) {
    payload = Buffer.isBuffer(options.body) ? options.body : Buffer.from(JSON.stringify(options.body));
    if (!Buffer.isBuffer(options.body)) headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(payload.length);
  }
  return new Promise<Reply>((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers, agent, timeout: options.timeoutMs ?? 15_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const body = bytes.toString('utf8');
          const servedBy = response.headers['x-served-by'];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            bytes,
            json: <T>() => JSON.parse(body) as T,
            servedBy: typeof servedBy === 'string' ? servedBy : undefined,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out: ${options.method ?? 'GET'} ${url}`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** The value of cookie `name` among a response's Set-Cookie headers (undefined if not set). */
export function cookieFrom(reply: Reply, name: string): string | undefined {
  for (const line of reply.headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const separator = pair?.indexOf('=') ?? -1;
    if (pair && separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1);
  }
  return undefined;
}
