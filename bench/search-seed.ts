/**
 * The search bench's data (search-bench.ts): published courses generated in SQL from the vocabulary of
 * search-words.ts, fast enough for a million rows (one INSERT … SELECT generate_series per chunk, chunks
 * on parallel connections).
 *
 * Each course's parts are drawn by hashing its number, so a reseed gives the same catalogue: for every
 * list, a pick table of PICK_RESOLUTION slots maps a hash to an entry, each entry holding slots in
 * proportion to its Zipf-Mandelbrot share. The title is `[adjective] technology topic [suffix]`; the
 * short description, tags and learning points repeat the technology and topic, and the description
 * names a second, popular technology. Category follows the topic; level, price (15% free), rating and
 * date are spread by other hashes; 20 instructors share the courses.
 *
 * To load fast, the courses' secondary indexes and foreign key are dropped for the insert and built
 * once afterwards, and the per-row trigger that collects title words for "Did you mean"
 * (courses_collect_title_words, migration 0011) is disabled; search_words is then filled in one
 * INSERT … SELECT, the same statement the migration runs. VACUUM (ANALYZE) ends the seed.
 */
import { performance } from 'node:perf_hooks';
import { LEVELS } from '@lectio/contracts/constants';
import { createDb, type DbHandle } from '@lectio/db';
import { ADJECTIVES, SUFFIXES, TECHNOLOGIES, TOPICS, WEIGHTS, zipfShares } from './search-words';

/** The postgres.js client under a drizzle handle (the bench has no direct dependency on postgres). */
export interface PgClient {
  unsafe(query: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  reserve(): Promise<PgClient & { release(): void }>;
}
export const pgOf = (handle: DbHandle) => (handle.db as unknown as { $client: PgClient }).$client;

/** `serverUrl` with its database replaced by `database`. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the bench's own database on the server unless it exists; with `reseed`, drops it first. */
export async function ensureDatabase(serverUrl: string, database: string, reseed: boolean): Promise<void> {
  const server = await createDb({ url: serverUrl });
  try {
    const pg = pgOf(server);
    if (reseed) await pg.unsafe(`drop database if exists ${database} with (force)`);
    const exists = await pg.unsafe('select 1 from pg_database where datname = $1', [database]);
    if (exists.length === 0) await pg.unsafe(`create database ${database}`);
  } finally {
    await server.close();
  }
}

/** Bumped whenever the generated data changes, so that an older seed is rebuilt rather than reused. */
export const SEED_RECIPE = 'search-v2';
const PICK_RESOLUTION = 100_000;
const INSTRUCTORS = 20;
/**
 * The description's second technology: one of the popular ones after the top ten, so that the most
 * common title words keep their title frequency (about 9% for the first) and the rare ones stay rare.
 */
const RELATED_TECHNOLOGIES = [10, 60] as const;

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `create temp table <name> (k, word, category)`: PICK_RESOLUTION rows, each entry over its share of them. */
function pickTable(
  name: string,
  entries: readonly (readonly [word: string, category: string | null])[],
  shares: number[],
): string {
  let upper = 0;
  const rows = entries.map(([word, category], index) => {
    const lower = upper;
    // Every entry keeps at least one slot; the last one ends exactly at the resolution.
    upper =
      index === entries.length - 1
        ? PICK_RESOLUTION
        : Math.max(
            lower + 1,
            Math.round(shares.slice(0, index + 1).reduce((a, b) => a + b, 0) * PICK_RESOLUTION),
          );
    return `(${quote(word)}, ${category === null ? 'null' : quote(category)}, ${lower}, ${upper})`;
  });
  return `create temp table ${name} as
            select k, v.word, v.category
            from generate_series(0, ${PICK_RESOLUTION - 1}) k
            join (values ${rows.join(', ')}) v(word, category, lower_bound, upper_bound)
              on k >= v.lower_bound and k < v.upper_bound;
          create unique index on ${name} (k);`;
}

/** 0 … modulo-1 from course g's hash for `slot` (hashint8 is PostgreSQL's own, so reseeds agree). */
const hash = (slot: number, modulo: number) =>
  `((hashint8(g * 32 + ${slot})::bigint + 2147483648) % ${modulo})::int`;

const SHORT_DESCRIPTIONS = [
  `'Learn ' || t.word || ' for ' || lower(p.word) || ' with short lessons and exercises.'`,
  `'An introduction to ' || lower(p.word) || ' using ' || t.word || ', with worked examples.'`,
  `'Build real things with ' || t.word || ' and get good at ' || lower(p.word) || '.'`,
  `'Everything you need to know about ' || lower(p.word) || ' with ' || t.word || '.'`,
  `'Go from zero to job-ready with ' || t.word || ' ' || lower(p.word) || '.'`,
  `t.word || ' for ' || lower(p.word) || ': the skills employers ask for, taught by practitioners.'`,
];
const MIDDLE_SENTENCES = [
  'We start from first principles and finish with a portfolio piece you can show to employers.',
  'Each section ends with a quiz and a coding challenge, with worked solutions.',
  'The lessons are short, so you can follow along in the evenings or at weekends.',
  'You get downloadable notes, exercise files and lifetime access to updates.',
  'Questions are answered in the course forum, usually within a day.',
  'No prior experience is required beyond basic computer skills.',
];

/** The courses numbered [from, to): one INSERT … SELECT. */
function insertCourses(from: number, to: number): string {
  const pick = (values: string[], slot: number) =>
    `(case ${hash(slot, values.length)} ${values.map((value, index) => `when ${index} then ${value}`).join(' ')} end)`;
  return `
    insert into courses (title, short_description, description, category, level, tags, what_you_will_learn,
                         price_minor, is_published, status, instructor_id, rating, rating_count, created_at, updated_at)
    select concat_ws(' ', case when x.has_adjective then a.word end, t.word, p.word,
                     case when x.has_suffix then s.word end),
           ${pick(SHORT_DESCRIPTIONS, 13)},
           'In this course you learn ' || lower(p.word) || ' with ' || t.word
             || ' through short lessons, quizzes and exercises. ' || ${pick(MIDDLE_SENTENCES.map(quote), 14)}
             || ' Along the way you will see how ' || r.word || ' fits into a real-world workflow.',
           p.category, x.level,
           lower(t.word) || ', ' || lower(p.word) || ', ' || lower(x.level),
           array['Use ' || t.word || ' for ' || lower(p.word), 'Apply ' || lower(p.word) || ' to your own work',
                 'Work with ' || r.word]::text[],
           x.price_minor, true, 'published', i.id,
           case when x.rating_count = 0 then 0 else x.rating end, x.rating_count, x.created_at, x.created_at
    from (
      select g,
             ${hash(1, PICK_RESOLUTION)} as k_technology,
             ${hash(2, PICK_RESOLUTION)} as k_adjective,
             ${hash(3, PICK_RESOLUTION)} as k_topic,
             ${hash(4, PICK_RESOLUTION)} as k_suffix,
             ${hash(5, PICK_RESOLUTION)} as k_related,
             ${hash(6, 100)} < 70 as has_adjective,
             ${hash(6, 100)} >= 70 or ${hash(7, 100)} < 40 as has_suffix,
             (array[${LEVELS.map(quote).join(', ')}])[1 + (case when ${hash(8, 100)} < 45 then 0
                                                              when ${hash(8, 100)} < 80 then 1 else 2 end)] as level,
             case when ${hash(9, 100)} < 15 then 0 else 499 + ${hash(10, 40)} * 500 end as price_minor,
             round((3 + ${hash(11, 2001)} / 1000.0)::numeric, 1)::real as rating,
             ${hash(12, 5000)} as rating_count,
             now() - make_interval(secs => ${hash(15, 5 * 365 * 86_400)}) as created_at
      from generate_series(${from}, ${to - 1}) g
    ) x
    join bench_pick_technology t on t.k = x.k_technology
    join bench_pick_adjective a on a.k = x.k_adjective
    join bench_pick_topic p on p.k = x.k_topic
    join bench_pick_suffix s on s.k = x.k_suffix
    join bench_pick_related r on r.k = x.k_related
    join bench_instructors i on i.n = x.g % ${INSTRUCTORS}`;
}

const log = (line: string) => console.log(line);
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The seed this database holds, if it is complete and of the current recipe. */
export async function seededCourses(pg: PgClient): Promise<number | null> {
  const [table] = await pg.unsafe("select to_regclass('bench_search_seed') is not null as present");
  if (!table?.present) return null;
  const [row] = await pg.unsafe('select courses from bench_search_seed where recipe = $1', [SEED_RECIPE]);
  return row ? Number(row.courses) : null;
}

/**
 * Seeds `total` published courses into an empty, migrated database; returns the seconds it took. Each
 * chunk runs on a connection of its own (a one-connection pool: the temp tables live on it).
 */
export async function seedCourses(url: string, total: number, chunks: number): Promise<number> {
  const started = performance.now();
  log(`Seeding ${total.toLocaleString('en')} published courses in ${chunks} parallel chunks:`);
  const handles = await Promise.all(
    Array.from({ length: Math.max(1, chunks) }, () => createDb({ url, maxConnections: 1 })),
  );
  const connections = handles.map(pgOf);
  const conn = connections[0]!;
  try {
    await conn.unsafe("set maintenance_work_mem = '512MB'");
    await step(`${INSTRUCTORS} instructors`, () =>
      conn.unsafe(
        `insert into users (name, email, password_hash, role)
         select 'Bench instructor ' || n, 'search-bench-' || n || '@example.com', 'not-a-password-hash', 'instructor'
         from generate_series(1, ${INSTRUCTORS}) n`,
      ),
    );
    const technologyShares = zipfShares(TECHNOLOGIES.length, WEIGHTS.technology);
    const related = TECHNOLOGIES.slice(...RELATED_TECHNOLOGIES);
    const setup = [
      pickTable(
        'bench_pick_technology',
        TECHNOLOGIES.map((word) => [word, null] as const),
        technologyShares,
      ),
      pickTable(
        'bench_pick_related',
        related.map((word) => [word, null] as const),
        zipfShares(related.length, WEIGHTS.technology),
      ),
      pickTable(
        'bench_pick_adjective',
        ADJECTIVES.map((word) => [word, null] as const),
        zipfShares(ADJECTIVES.length, WEIGHTS.adjective),
      ),
      pickTable('bench_pick_topic', TOPICS, zipfShares(TOPICS.length, WEIGHTS.topic)),
      pickTable(
        'bench_pick_suffix',
        SUFFIXES.map((word) => [word, null] as const),
        zipfShares(SUFFIXES.length, WEIGHTS.suffix),
      ),
      `create temp table bench_instructors as
         select (row_number() over (order by email) - 1)::int as n, id from users
         where email like 'search-bench-%';
       create unique index on bench_instructors (n);`,
    ].join('\n');
    // Temp tables are per connection: each chunk's connection builds its own (a second or so).
    for (const connection of connections) {
      await connection.unsafe('set synchronous_commit = off');
      await connection.unsafe(setup);
    }

    const constraints = await conn.unsafe(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = 'courses'::regclass and contype = 'f'`,
    );
    const indexes = await conn.unsafe(
      `select indexname as name, indexdef as def from pg_indexes
       where schemaname = 'public' and tablename = 'courses'
         and indexname not in (select conname from pg_constraint where conrelid = 'courses'::regclass)`,
    );
    for (const { name } of constraints) await conn.unsafe(`alter table courses drop constraint "${name}"`);
    for (const { name } of indexes) await conn.unsafe(`drop index "${name}"`);
    await conn.unsafe('alter table courses disable trigger courses_collect_title_words');
    try {
      const size = Math.ceil(total / chunks);
      await step(`${total.toLocaleString('en')} courses (search documents generated by PostgreSQL)`, () =>
        Promise.all(
          connections.map((connection, index) =>
            connection.unsafe(insertCourses(index * size, Math.min(total, (index + 1) * size))),
          ),
        ),
      );
    } finally {
      await conn.unsafe('alter table courses enable trigger courses_collect_title_words');
    }
    // The indexes are built two at a time (one per connection), the GIN ones first.
    const pending = [...indexes].sort(
      (a, b) => Number(/using gin/i.test(String(b.def))) - Number(/using gin/i.test(String(a.def))),
    );
    await step(`${indexes.length} secondary indexes (${indexes.map(({ name }) => name).join(', ')})`, () =>
      Promise.all(
        connections.slice(0, 2).map(async (connection) => {
          await connection.unsafe("set maintenance_work_mem = '512MB'");
          for (let next = pending.shift(); next; next = pending.shift())
            await connection.unsafe(String(next.def));
        }),
      ),
    );
    for (const { name, def } of constraints)
      await conn.unsafe(`alter table courses add constraint "${name}" ${String(def)}`);
    await step('search_words from the titles (one INSERT … SELECT)', () =>
      conn.unsafe(
        `insert into search_words (word)
         select distinct word
         from courses, regexp_split_to_table(lectio_fold(courses.title), '[^[:alnum:]]+') as word
         where length(word) between 3 and 40
         on conflict do nothing`,
      ),
    );
    await step('VACUUM (ANALYZE)', () =>
      conn.unsafe('vacuum (analyze) courses, search_words, users, course_stats'),
    );
    const seconds = (performance.now() - started) / 1000;
    await conn.unsafe(
      'create table if not exists bench_search_seed (recipe text primary key, courses int not null, seconds real not null)',
    );
    await conn.unsafe('insert into bench_search_seed values ($1, $2, $3)', [SEED_RECIPE, total, seconds]);
    return seconds;
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
  }
}
