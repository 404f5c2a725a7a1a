/**
 * Catalogue search at 1,000,000 courses (issue 16), on a real PostgreSQL server:
 *   1. creates (or reuses) a dedicated database, migrates it with the project's migrations and seeds a
 *      million published courses in SQL (search-seed.ts, titles from the vocabulary of search-words.ts);
 *   2. times the services the courses router calls (listPublishedCourses and courseFacets, anonymous,
 *      catalogue cache off) with a ServiceContext over the real database, config and storage: a miss, a
 *      rare word, a common word, two words, a typo (the list, and the facets that compute "Did you
 *      mean"), a common word in one category, page 50 of a common word, the facets of a common word,
 *      the first page of six words from common to rare (the sweep) and of three searches with web-search
 *      operators (a quoted phrase, an excluded word, `or`);
 *      next to two baselines of the same run, `select 1` and the catalogue's first page without search.
 *      The cases run interleaved (one run of each per iteration, so a burst of load from elsewhere hits
 *      all of them alike) after 2 iterations of warm-up: BENCH_RUNS runs of each (default 200), but a
 *      slow case stops after 20 once its runs have taken BENCH_CASE_SECONDS (default 8);
 *   3. runs every statement each case issues (captured from the services) under
 *      EXPLAIN (ANALYZE, BUFFERS), with a custom and a forced generic plan (postgres.js prepares its
 *      statements, and after five runs PostgreSQL may keep a generic plan), prints them (the custom plan
 *      whole), and exits 1 when any plan scans courses sequentially or a case's p95 is above 20 ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @lectio/bench bench:search
 *
 * BENCH_DATABASE names the database (default lectio_search_bench), BENCH_COURSES the catalogue's size
 * (default 1,000,000). A database seeded by an earlier run with the same recipe and size is reused;
 * BENCH_RESEED=1 recreates it and BENCH_DROP_DB=1 drops it at the end.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { CourseFacetsQuery, CourseListQuery } from '@lectio/contracts/course';
import { createDb, type DbHandle, migrateDb } from '@lectio/db';
import { loadConfig } from '@lectio/server/config';
import type { ServiceContext } from '@lectio/server/services/context';
import { courseFacets, FACET_SAMPLING } from '@lectio/server/services/courses/course-facets';
import { listPublishedCourses } from '@lectio/server/services/courses/list-courses';
import { createStorage } from '@lectio/server/storage/create-storage';
import { pgOf, SEED_RECIPE, seedCourses, seededCourses, withDatabase } from './search-seed';
import { SEARCHES, TECHNOLOGIES } from './search-words';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'lectio_search_bench';
const COURSES = Number(process.env.BENCH_COURSES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 8);
const MIN_RUNS = 20;
const WARMUP = 2;
const SEED_CHUNKS = 2;
const P95_TARGET_MS = 20;
const PAGE_LIMIT = 12;
const DEEP_PAGE = 50;
const WALK_LIMIT = 100;
const FILTER_CATEGORY = 'Data Science';
const GENERIC_PLAN_LINES = 6;
/** Technologies from common to rare (9% of titles for the first; their descriptions add more). */
const SWEEP = [2, 5, 10, 20, 40, 80].map((rank) => TECHNOLOGIES[rank]!.toLowerCase());
/** A quoted phrase, an excluded word, and either of two words. */
const OPERATORS = [
  `"${SEARCHES.twoWords}"`,
  `${SEARCHES.common} -${TECHNOLOGIES[1]!.toLowerCase()}`,
  `${TECHNOLOGIES[4]!.toLowerCase()} or ${TECHNOLOGIES[8]!.toLowerCase()}`,
];

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE))
  throw new Error(`BENCH_DATABASE must be a plain identifier: ${DATABASE}`);

const log = (line: string) => console.log(line);

// ---------------------------------------------------------------------------------------------
// Database and seed

async function prepareDatabase(): Promise<{ handle: DbHandle; url: string; seedSeconds: number | null }> {
  const url = withDatabase(SERVER_URL, DATABASE);
  const reuse = async () => {
    const handle = await createDb({ url, maxConnections: 4 });
    const courses = await seededCourses(pgOf(handle)).catch(() => null);
    await handle.close();
    return courses === COURSES;
  };
  const server = await createDb({ url: SERVER_URL });
  try {
    const pg = pgOf(server);
    const [exists] = await pg.unsafe('select count(*)::int as n from pg_database where datname = $1', [
      DATABASE,
    ]);
    const keep = exists?.n === 1 && process.env.BENCH_RESEED !== '1' && (await reuse());
    if (!keep) {
      await pg.unsafe(`drop database if exists ${DATABASE} with (force)`);
      await pg.unsafe(`create database ${DATABASE}`);
    }
  } finally {
    await server.close();
  }
  const handle = await createDb({ url, maxConnections: 4 });
  await migrateDb(handle);
  const seeded = await seededCourses(pgOf(handle));
  if (seeded === COURSES) {
    log(`Reusing the seeded database ${DATABASE} (recipe ${SEED_RECIPE}; BENCH_RESEED=1 to rebuild it).`);
    return { handle, url, seedSeconds: null };
  }
  return { handle, url, seedSeconds: await seedCourses(url, COURSES, SEED_CHUNKS) };
}

// ---------------------------------------------------------------------------------------------
// The cases

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 's'.repeat(48),
  DATA_DIR: '/tmp/lectio-search-bench',
  SEED_DEMO: 'false',
  PAYMENT_PROVIDER: 'test',
  ALLOW_INSECURE_HTTP: 'true',
  // Only first pages without search are cached (catalogue-cache.ts); off, so the baseline page is a query too.
  CATALOGUE_CACHE_SECONDS: '0',
});

/**
 * What the catalogue's reads use of a ServiceContext: the database, the config (cache settings), storage
 * (thumbnail URLs) and the clock. The rest (payments, mail, jobs, activity, login throttle) would open
 * connections and timers that these reads never touch, so they are left out.
 */
function serviceContext(handle: DbHandle): ServiceContext {
  const now = () => new Date();
  return { db: handle.db, config, now, storage: createStorage(config, now) } as ServiceContext;
}

interface Case {
  name: string;
  /** The search text, for the table. */
  search: string;
  /** The list query or the facets query it times (null for `select 1`). */
  run: (ctx: ServiceContext) => Promise<unknown>;
  /** Facets query counting its matches (for the table), when it has a search. */
  matches?: CourseFacetsQuery;
  baseline?: boolean;
}

const list = (query: Omit<CourseListQuery, 'limit'>) => (ctx: ServiceContext) =>
  listPublishedCourses(ctx, null, { limit: PAGE_LIMIT, ...query });
const facets = (query: CourseFacetsQuery) => (ctx: ServiceContext) => courseFacets(ctx, query);

/**
 * The cursor of page `page` of a search: the position after its first (page - 1) × PAGE_LIMIT rows,
 * reached in pages of up to 100 (the largest limit; a keyset position does not depend on the page size).
 */
async function cursorOfPage(ctx: ServiceContext, search: string, page: number): Promise<string> {
  let cursor: string | undefined;
  for (let remaining = (page - 1) * PAGE_LIMIT; remaining > 0; remaining -= WALK_LIMIT) {
    const limit = Math.min(WALK_LIMIT, remaining);
    const result = await listPublishedCourses(ctx, null, { limit, search, cursor });
    if (!result.nextCursor) throw new Error(`"${search}" has fewer than ${page} pages`);
    cursor = result.nextCursor;
  }
  if (!cursor) throw new Error('page must be 2 or more');
  return cursor;
}

function cases(deepCursor: string): Case[] {
  return [
    {
      name: 'select 1 (baseline: a round trip)',
      search: '',
      baseline: true,
      run: (ctx) => ctx.db.execute('select 1'),
    },
    { name: 'first page, no search (baseline)', search: '', baseline: true, run: list({}), matches: {} },
    {
      name: 'miss',
      search: SEARCHES.miss,
      run: list({ search: SEARCHES.miss }),
      matches: { search: SEARCHES.miss },
    },
    {
      name: 'rare word',
      search: SEARCHES.rare,
      run: list({ search: SEARCHES.rare }),
      matches: { search: SEARCHES.rare },
    },
    {
      name: 'common word',
      search: SEARCHES.common,
      run: list({ search: SEARCHES.common }),
      matches: { search: SEARCHES.common },
    },
    {
      name: 'two words',
      search: SEARCHES.twoWords,
      run: list({ search: SEARCHES.twoWords }),
      matches: { search: SEARCHES.twoWords },
    },
    {
      name: 'typo: list',
      search: SEARCHES.typo,
      run: list({ search: SEARCHES.typo }),
      matches: { search: SEARCHES.typo },
    },
    {
      name: 'typo: facets + "Did you mean"',
      search: SEARCHES.typo,
      run: facets({ search: SEARCHES.typo }),
      matches: { search: SEARCHES.typo },
    },
    {
      name: `common word + category ${FILTER_CATEGORY}`,
      search: SEARCHES.common,
      run: list({ search: SEARCHES.common, category: FILTER_CATEGORY }),
      matches: { search: SEARCHES.common, category: FILTER_CATEGORY },
    },
    {
      name: `common word, page ${DEEP_PAGE}`,
      search: SEARCHES.common,
      run: list({ search: SEARCHES.common, cursor: deepCursor }),
      matches: { search: SEARCHES.common },
    },
    {
      name: 'common word: facets',
      search: SEARCHES.common,
      run: facets({ search: SEARCHES.common }),
      matches: { search: SEARCHES.common },
    },
    // Not among the issue's cases: words between rare and common, where a relevance list's candidates
    // cost most (walking the rating index past the courses that don't match, or ranking every match).
    ...SWEEP.map((word) => ({
      name: `sweep: first page`,
      search: word,
      run: list({ search: word }),
      matches: { search: word },
    })),
    // Web-search syntax: a phrase and an excluded word choose by the title's other words, tested against
    // the search; `or` has no title candidates (the walk of the best-rated matches).
    ...OPERATORS.map((search) => ({
      name: 'operators: first page',
      search,
      run: list({ search }),
      matches: { search },
    })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Timing

interface Timing {
  latencies: number[];
  p50: number;
  p95: number;
  p99: number;
}

/** Nearest-rank percentile. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

/**
 * One run of each case per iteration, interleaved, after WARMUP iterations. A case stops after RUNS
 * runs, or after MIN_RUNS once its runs have taken CASE_SECONDS in all, so the slow cases don't hold the
 * fast ones to a handful of runs and a rerun stays within a few minutes.
 */
async function time(ctx: ServiceContext, all: Case[]): Promise<{ timings: Timing[]; seconds: number }> {
  for (let warm = 0; warm < WARMUP; warm++) for (const c of all) await c.run(ctx);
  const latencies: number[][] = all.map(() => []);
  const spent = all.map(() => 0);
  const started = performance.now();
  const running = (index: number) =>
    latencies[index]!.length < RUNS &&
    (latencies[index]!.length < MIN_RUNS || spent[index]! < CASE_SECONDS * 1000);
  while (all.some((_, index) => running(index))) {
    for (const [index, c] of all.entries()) {
      if (!running(index)) continue;
      const t0 = performance.now();
      await c.run(ctx);
      const elapsed = performance.now() - t0;
      latencies[index]!.push(elapsed);
      spent[index]! += elapsed;
    }
  }
  const timings = latencies.map((values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      latencies: values,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
    };
  });
  return { timings, seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN of the statements each case runs

interface CapturedQuery {
  query: string;
  params: unknown[];
}

async function captureQueries(url: string, run: Case['run']): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const handle = await createDb({
    url,
    maxConnections: 1,
    schemaLogger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  try {
    await run(serviceContext(handle));
  } finally {
    await handle.close();
  }
  return captured;
}

const literal = (value: unknown) =>
  value === null
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;

interface Explained {
  query: string;
  params: unknown[];
  custom: string;
  generic: string;
}

/**
 * Each statement under EXPLAIN (ANALYZE, BUFFERS), custom then forced generic plan, in one transaction
 * per case that is rolled back: a captured `set_config(…, true)` (the suggestion's similarity threshold)
 * is run as it is, so the statements after it are explained under the same setting.
 */
async function explainAll(handle: DbHandle, captured: CapturedQuery[]): Promise<Explained[]> {
  const conn = await pgOf(handle).reserve();
  const text = (rows: Record<string, unknown>[]) => rows.map((row) => String(row['QUERY PLAN'])).join('\n');
  const explained: Explained[] = [];
  try {
    await conn.unsafe('begin');
    for (const { query, params } of captured) {
      if (/^select set_config\(/i.test(query)) {
        await conn.unsafe(query, params);
        continue;
      }
      const custom = text(await conn.unsafe(`explain (analyze, buffers) ${query}`, params));
      await conn.unsafe(`prepare bench_query as ${query}`);
      await conn.unsafe('set local plan_cache_mode = force_generic_plan');
      const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
      const generic = text(await conn.unsafe(`explain (analyze, buffers) execute bench_query${args}`));
      await conn.unsafe('deallocate bench_query');
      await conn.unsafe('set local plan_cache_mode = auto');
      explained.push({ query, params, custom, generic });
    }
  } finally {
    await conn.unsafe('rollback');
    conn.release();
  }
  return explained;
}

const SEQ_SCAN = /Seq Scan on courses\b/;
const executionTime = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
/** The plan's scans of courses and search_words, with their row counts (lectures and enrollments left out). */
function scansOf(plan: string): string {
  const scans = plan
    .split('\n')
    .map((line) =>
      /((?:Parallel )?(?:Bitmap Heap Scan|Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)) (?:using (\w+) )?on (\w+).*actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(
        line,
      ),
    )
    .filter(
      (match) =>
        match && /^(courses|search_words|users)/.test(match[2] ?? match[3]!) && !/^users/.test(match[3]!),
    )
    .map((match) => `${match![1]} ${match![2] ?? match![3]} (${Number(match![4]) * Number(match![5])} rows)`);
  return [...new Set(scans)].join('; ') || '–';
}
const top = (plan: string, lines: number) => {
  const all = plan.split('\n');
  const kept = all.slice(0, lines);
  const footer = all.filter((line) => /^(Planning|Execution) Time/.test(line));
  return [...kept, ...(all.length > lines ? ['  …', ...footer] : [])].join('\n');
};

// ---------------------------------------------------------------------------------------------

const started = performance.now();
const failures: string[] = [];
const { handle, url, seedSeconds } = await prepareDatabase();
const pg = pgOf(handle);
const [counts] = await pg.unsafe(
  `select (select count(*) from courses where is_published)::int as published,
          (select count(*) from search_words)::int as search_words,
          pg_size_pretty(pg_total_relation_size('courses')) as courses_size,
          pg_size_pretty(pg_relation_size('courses_search_idx')) as search_index_size,
          pg_size_pretty(pg_relation_size('courses_title_trgm_idx')) as title_index_size,
          current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem,
          current_setting('server_version') as version`,
);
log(`Data: ${JSON.stringify(counts)}`);
const [seedRow] = await pg.unsafe('select seconds from bench_search_seed where recipe = $1', [SEED_RECIPE]);
log(
  seedSeconds === null
    ? `Seeded earlier in ${Number(seedRow?.seconds).toFixed(0)} s.`
    : `Seeded in ${seedSeconds.toFixed(0)} s.`,
);

const ctx = serviceContext(handle);
const walkStarted = performance.now();
const deepCursor = await cursorOfPage(ctx, SEARCHES.common, DEEP_PAGE);
log(
  `Walked to page ${DEEP_PAGE} of "${SEARCHES.common}" in ${((performance.now() - walkStarted) / 1000).toFixed(1)} s.`,
);
const all = cases(deepCursor);

// Exact counts for the table (the facets estimate a search with many matches from a sample).
const counted = { ...FACET_SAMPLING, sampleAbove: Number.POSITIVE_INFINITY };
const matches = await Promise.all(
  all.map(async (c) => (c.matches ? (await courseFacets(ctx, c.matches, counted)).total : null)),
);
const suggestion = (await courseFacets(ctx, { search: SEARCHES.typo })).suggestion;
log(`"Did you mean" for "${SEARCHES.typo}": ${JSON.stringify(suggestion)}`);
if (suggestion !== SEARCHES.common)
  failures.push(`the suggestion for "${SEARCHES.typo}" is ${JSON.stringify(suggestion)}`);

const load = [loadavg()[0]!];
const { timings, seconds } = await time(ctx, all);
load.push(loadavg()[0]!);

log('');
log(
  'EXPLAIN (ANALYZE, BUFFERS) of every statement each case runs (custom plan; forced generic plan below it):',
);
const planSummaries: string[] = [];
for (const c of all) {
  const explained = await explainAll(handle, await captureQueries(url, c.run));
  for (const [index, e] of explained.entries()) {
    log('');
    log(`== ${c.name}${c.search ? ` ("${c.search}")` : ''}, statement ${index + 1} of ${explained.length}`);
    log(e.query);
    log(`-- params: ${JSON.stringify(e.params)}`);
    log(e.custom);
    log('-- forced generic plan:');
    log(top(e.generic, GENERIC_PLAN_LINES));
    for (const [kind, plan] of [
      ['custom', e.custom],
      ['generic', e.generic],
    ] as const) {
      if (SEQ_SCAN.test(plan))
        failures.push(`${c.name}: the ${kind} plan of statement ${index + 1} scans courses sequentially`);
    }
    planSummaries.push(
      `| ${c.name} | ${index + 1} | ${scansOf(e.custom)} | ${executionTime(e.custom)} | ${executionTime(e.generic)} | ${
        SEQ_SCAN.test(e.custom) || SEQ_SCAN.test(e.generic) ? 'yes' : 'no'
      } |`,
    );
  }
}

log('');
log('Statements under EXPLAIN ANALYZE (execution ms):');
log('| case | statement | scans (custom plan) | custom plan ms | generic plan ms | seq scan on courses |');
log('| --- | --- | --- | --- | --- | --- |');
for (const line of planSummaries) log(line);

log('');
log(
  `PostgreSQL ${counts?.version} (${DATABASE}, ${Number(counts?.published).toLocaleString('en')} published courses), ` +
    `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB, 1-minute load ${load.map((l) => l.toFixed(1)).join(' → ')}; ` +
    `runs interleaved after ${WARMUP} of warm-up, in ${seconds.toFixed(0)} s:`,
);
log(
  '| case | search | matches | runs | p50 ms | p95 ms | p99 ms | p95 vs first page | p95 vs select 1 | p95 ≤ 20 ms |',
);
log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
const roundTrip = timings[0]!;
const firstPage = timings[1]!;
for (const [index, c] of all.entries()) {
  const t = timings[index]!;
  const met = t.p95 <= P95_TARGET_MS;
  log(
    `| ${c.name} | ${c.search ? `\`${c.search}\`` : ''} | ${matches[index]?.toLocaleString('en') ?? ''} | ${t.latencies.length} | ${t.p50.toFixed(1)} | ` +
      `${t.p95.toFixed(1)} | ${t.p99.toFixed(1)} | ${(t.p95 / firstPage.p95).toFixed(2)}x | ${(t.p95 / roundTrip.p95).toFixed(1)}x | ` +
      `${c.baseline ? '' : met ? 'met' : '**missed**'} |`,
  );
  if (!c.baseline && !met) failures.push(`${c.name}: p95 ${t.p95.toFixed(1)} ms > ${P95_TARGET_MS} ms`);
}

await handle.close();
if (process.env.BENCH_DROP_DB === '1') {
  const server = await createDb({ url: SERVER_URL });
  await pgOf(server).unsafe(`drop database if exists ${DATABASE} with (force)`);
  await server.close();
  log(`Dropped ${DATABASE}.`);
}
log(`Total time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (failures.length > 0) {
  log(`FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
log('All checks passed: no sequential scan on courses, every p95 within 20 ms.');
