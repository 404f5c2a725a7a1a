/**
 * tRPC procedure caller micro-benchmark: the cost of running a procedure's middleware chain through
 * tRPC's own caller (calling the procedure) against the tRPC fast path's `runProcedure`
 * (apps/server/src/trpc/fastify-trpc.ts), in one process, on a procedure shaped like `courses.list` in
 * production: built with the server's own `publicProcedure` (its access middleware resolves the actor
 * and extends ctx; `.output()` is dropped in production) and the contract's input schema, with a
 * resolver that returns a ready page, as a cache hit does. CPU time per call, alternating the callers.
 *   pnpm --filter @lectio/bench bench:trpc-caller        (BENCH_CALLS per round, default 200000)
 */
import { courseListQuerySchema, courseListResponseSchema } from '@lectio/contracts/course';
import { type CallOptions, type QueryProcedure, runProcedure } from '@lectio/server/trpc/fastify-trpc';
import { contractOutput, publicProcedure, router } from '@lectio/server/trpc/init';

const CALLS = Number(process.env.BENCH_CALLS ?? 200_000);
const ROUNDS = 4;

if (process.env.NODE_ENV !== 'production')
  throw new Error('run with NODE_ENV=production, as the server runs');

const page = { data: { courses: [], nextCursor: null } };
const benchRouter = router({
  list: publicProcedure
    .input(courseListQuerySchema)
    .output(contractOutput(courseListResponseSchema))
    .query(async () => page),
});
const procedure = (benchRouter._def.procedures as unknown as Record<string, QueryProcedure>)
  .list as QueryProcedure;

const options = (): CallOptions => ({
  path: 'list',
  // The context factory's shape (trpc/init.ts); the access middleware only calls getActor.
  ctx: { services: {}, tokens: {}, req: {}, res: {}, getActor: async () => null },
  type: 'query',
  batchIndex: 0,
  signal: undefined,
  getRawInput: async () => ({ limit: 12 }),
  input: undefined,
});

const callers = {
  "tRPC's caller": () => procedure(options()),
  runProcedure: () => runProcedure(procedure, options()),
};
const results: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, call] of Object.entries(callers)) {
    const before = process.cpuUsage();
    for (let i = 0; i < CALLS; i += 1) await call();
    const used = process.cpuUsage(before);
    const perCall = (used.user + used.system) / CALLS;
    results[name] = [...(results[name] ?? []), perCall];
  }
}
for (const [name, perCall] of Object.entries(results)) {
  const sorted = perCall.toSorted((a, b) => a - b);
  console.log(
    `${name.padEnd(14)} median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)} µs CPU per call (rounds: ${perCall.map((v) => v.toFixed(2)).join(', ')})`,
  );
}
