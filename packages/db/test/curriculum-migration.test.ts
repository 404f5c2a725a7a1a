/**
 * Migration 0014 (sections, decision 0075) on a copy of the demo data: the demo is seeded into a fully
 * migrated database, every row is copied into a database migrated only up to 0013 (its lecture positions
 * given gaps), and 0014-0016 are applied there. Nothing may be lost or changed: every table but lectures
 * holds the same rows, the lectures the same rows apart from their new section, in the same order and
 * numbered 1..n (so progress, previews, the `/videos` order and certificates read what they read before),
 * each course has one section, "Course content", holding all of its lectures, and the trigger-maintained
 * rollups still agree with a recount.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CURRICULUM_TEXT } from '@lectio/contracts/curriculum';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnalyticsRollups, rebuildAnalyticsRollups } from '../src/analytics-rollups';
import { type Database, migrationsFolder, PGLITE_EXTENSIONS, queryRows } from '../src/client';
import { seedDemo } from '../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const SECTIONS_MIGRATION = '0014_curriculum_sections';

let seeded: TestDatabase;
let before: PGlite;
let beforeDb: Database;
let dirs: string[] = [];

/** The migrations folder as it was before 0014: the same files, the journal cut before it. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lectio-migrations-'));
  dirs.push(dir);
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

async function tablesOf(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** A table's rows as JSON objects, in a stable order, without `drop`ped columns. */
async function rowsOf(db: Database, table: string, drop: string[] = []): Promise<Record<string, unknown>[]> {
  const rows = await queryRows<{ row: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t order by to_jsonb(t)::text`,
  );
  return rows
    .map(({ row }) => Object.fromEntries(Object.entries(row).filter(([key]) => !drop.includes(key))))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Replaces every row of `to` with those of `from` (triggers and key checks off, as a restore does). */
async function copyRows(from: Database, to: Database): Promise<void> {
  const targetTables = await tablesOf(to);
  const statements: SQL[] = [];
  for (const table of targetTables) {
    const columns = await queryRows<{ name: string }>(
      to,
      sql`select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
           order by ordinal_position`,
    );
    const [{ rows } = { rows: '[]' }] = await queryRows<{ rows: string }>(
      from,
      sql`select coalesce(json_agg(t), '[]')::text as rows from ${sql.identifier(table)} t`,
    );
    const list = sql.join(
      columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
    // Some tables hold rows the migrations made (rollup counters): the copy replaces them.
    statements.push(sql`delete from ${sql.identifier(table)}`);
    statements.push(
      sql`insert into ${sql.identifier(table)} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${rows}::json)`,
    );
  }
  await to.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}

beforeAll(async () => {
  seeded = await createTestDatabase();
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'lectio-migration-media-'));
  dirs.push(mediaDir);
  await seedDemo(seeded.db, { mediaDir, now: new Date('2026-11-20T10:00:00Z') });
  // Article lessons arrive with 0018 (decision 0077) and quiz lessons with 0019 (decision 0081): a database
  // from before them has none. They are last in their courses, so the positions stay 1..n.
  await seeded.db.execute(sql`delete from lectures where kind in ('article', 'quiz')`);

  before = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  beforeDb = drizzle({ client: before }) as unknown as Database;
  await migrate(drizzle({ client: before }), {
    migrationsFolder: await migrationsBefore(SECTIONS_MIGRATION),
  });
  expect(await tablesOf(beforeDb)).not.toContain('course_sections');
  await copyRows(seeded.db, beforeDb);
  // Positions with gaps, as lecture deletes before 0014 could leave them: 0016 numbers them 1..n again.
  await beforeDb.execute(sql`update lectures set position = position * 10 + 5`);
  await migrate(drizzle({ client: before }), { migrationsFolder });
}, 120_000);

afterAll(async () => {
  await before?.close();
  await seeded?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('migration 0014: one section per course', () => {
  it('keeps every row of every other table', async () => {
    const tables = await tablesOf(beforeDb);
    expect(tables).toEqual(await tablesOf(seeded.db));
    // Sections are made by 0014 (checked below); lesson resources arrive with 0017, so a database from
    // before it has none to keep.
    const later = ['lectures', 'course_sections', 'lesson_resources'];
    for (const table of tables.filter((name) => !later.includes(name))) {
      expect({ table, rows: await rowsOf(beforeDb, table) }).toEqual({
        table,
        rows: await rowsOf(seeded.db, table),
      });
    }
  });

  it('keeps every lecture, with its order (renumbered 1..n by 0016), preview flag, media and duration', async () => {
    const lectures = await rowsOf(beforeDb, 'lectures', ['section_id']);
    expect(lectures.length).toBeGreaterThan(10);
    expect(lectures).toEqual(await rowsOf(seeded.db, 'lectures', ['section_id']));
    const progress = await rowsOf(beforeDb, 'lecture_progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(await rowsOf(beforeDb, 'certificates')).toEqual(await rowsOf(seeded.db, 'certificates'));
  });

  it("puts each course's lectures, in order, into one section called 'Course content'", async () => {
    const courses = await queryRows<{ id: string }>(beforeDb, sql`select id from courses`);
    const sections = await queryRows<{ courseId: string; title: string; position: number }>(
      beforeDb,
      sql`select course_id as "courseId", title, position from course_sections order by course_id`,
    );
    expect(sections).toHaveLength(courses.length);
    expect(new Set(sections.map((section) => section.courseId)).size).toBe(courses.length);
    for (const section of sections) {
      expect(section).toMatchObject({ title: CURRICULUM_TEXT.defaultSection, position: 1 });
    }
    const strays = await queryRows<{ n: number }>(
      beforeDb,
      sql`select count(*)::int as n from lectures l join course_sections s on s.id = l.section_id
           where s.course_id <> l.course_id`,
    );
    expect(strays).toEqual([{ n: 0 }]);
    // The curriculum order (section, then place) is the order the lectures had.
    const order = sql`select l.course_id as "courseId", l.id,
        row_number() over (partition by l.course_id order by s.position, l.position)::int as "curriculum",
        row_number() over (partition by l.course_id order by l.position, l.created_at, l.id)::int as "before"
      from lectures l join course_sections s on s.id = l.section_id`;
    for (const row of await queryRows<{ curriculum: number; before: number }>(beforeDb, order)) {
      expect(row.curriculum).toBe(row.before);
    }
  });

  it('leaves the trigger-maintained rollups in agreement with a recount', async () => {
    const maintained = await readAnalyticsRollups(beforeDb);
    expect(maintained.courseStats.length).toBeGreaterThan(0);
    expect(maintained).toEqual(await readAnalyticsRollups(seeded.db));
    await rebuildAnalyticsRollups(beforeDb);
    expect(await readAnalyticsRollups(beforeDb)).toEqual(maintained);
  });

  it('refuses a lecture in a section of another course', async () => {
    const [a, b] = await queryRows<{ id: string; sectionId: string }>(
      beforeDb,
      sql`select c.id, s.id as "sectionId" from courses c join course_sections s on s.course_id = c.id
           where exists (select 1 from lectures l where l.course_id = c.id) order by c.id limit 2`,
    );
    if (!a || !b) throw new Error('the demo has at least two courses');
    await expect(
      beforeDb.execute(sql`update lectures set section_id = ${b.sectionId} where course_id = ${a.id}`),
    ).rejects.toThrow();
  });
});
