/**
 * The bounded request loop the HTTP benches share: `total` requests with `concurrency` in flight against
 * one URL, returning throughput and latency percentiles. Loopback only; stops after `total` requests.
 */
import { performance } from 'node:perf_hooks';

export interface LoopResult {
  name: string;
  requests: number;
  failures: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export async function measureRequests(
  name: string,
  url: string,
  init: RequestInit,
  total: number,
  concurrency: number,
): Promise<LoopResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * p) - 1)] ?? 0;
  return {
    name,
    requests: latencies.length,
    failures,
    rps: latencies.length / seconds,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
  };
}
