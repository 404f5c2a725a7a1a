/** The part of autocannon's API the benches use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Per-request hooks (a function makes autocannon rebuild the request every time). */
    requests?: RequestOptions[];
  }

  interface RequestOptions {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: RequestOptions, context: object) => RequestOptions;
    onResponse?: (status: number, body: string, context: object, headers: Record<string, string>) => void;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Responses per status code, e.g. { "200": { count: 1234 } }. */
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
