/**
 * Courses and their lectures. Money is always an integer in minor units (paise for INR).
 * Media columns hold storage keys; the server derives URLs from them.
 */
import { CATEGORIES, type Category, LEVELS, type Level } from '@lectio/contracts/constants';
import { DRIP_MAX_DAYS, LESSON_KINDS, type LessonKind } from '@lectio/contracts/curriculum';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, oneOf, ref, timestamps } from './columns';
import { users } from './users';

/**
 * Catalogue search (issue 16, decision 0044) adds to this table, in migrations 0011 and 0012 only: the
 * stored generated columns `search_document` (tsvector: title weight A, short description and tags B,
 * description and learning points C, in the `lectio_search` configuration; GIN index
 * `courses_search_idx`) and `title_folded` (the title in lower case without accents; trigram index
 * `courses_title_trgm_idx`). They are left out of this schema on purpose, so no `select()` of a course
 * ever reads them; the search query names them in SQL (services/courses/course-search.ts).
 *
 * So are the two rating-ordered indexes, because they carry INCLUDE columns (which drizzle's index
 * builder can't declare), migration 0012: `courses_rating_idx` (is_published, rating DESC, rating_count
 * DESC, id DESC) and `courses_category_rating_idx` (the same with category after is_published), both
 * INCLUDE (title_folded, level, price_minor). They serve the catalogue sorted by rating and a relevance
 * list's candidates, read index-only (course-search.ts).
 */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category').$type<Category>().notNull(),
    level: text('level').$type<Level>().notNull(),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    whatYouWillLearn: text('what_you_will_learn').array().notNull().default(sql`'{}'::text[]`),
    /** Free text as the spec has it (comma-separated in the demo data). */
    tags: text('tags').notNull().default(''),
    priceMinor: integer('price_minor').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(false),
    /** 'published' | 'draft' in practice; the spec allows other values, so there is no check. */
    status: text('status').notNull().default('draft'),
    thumbnailKey: text('thumbnail_key'),
    thumbnailUrl: text('thumbnail_url'),
    /** 'no action' rather than 'restrict': same effect, but reports 23503 like every other FK (restrict says 23001). */
    instructorId: ref('instructor_id', () => users.id, 'no action').notNull(),
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('courses_category_check', oneOf(t.category, CATEGORIES)),
    check('courses_level_check', oneOf(t.level, LEVELS)),
    check('courses_price_minor_check', sql`${t.priceMinor} >= 0`),
    index('courses_catalogue_idx').on(
      t.isPublished,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('courses_instructor_idx').on(t.instructorId, t.createdAt.desc().nullsFirst()),
    index('courses_category_idx').on(t.category),
    index('courses_level_idx').on(t.level),
    // Search (issue 16): titles by trigram (substrings as you type; courses_search_idx is in 0011).
    index('courses_title_trgm_idx').using('gin', sql`title_folded gin_trgm_ops`),
    // The other sorts, each keyset on its key plus id: price both ways, most students.
    index('courses_price_idx').on(t.isPublished, t.priceMinor, t.id),
    // The sitemap (decision 0091): published courses by id, keyset, read index-only with their lastmod.
    index('courses_sitemap_idx').on(t.id, t.updatedAt).where(sql`is_published`),
  ],
);

/**
 * Words of published course titles, folded (lower case, no accents), for "Did you mean": a misspelt
 * search word is compared with these by trigram similarity. Kept by a trigger on courses (migration
 * 0011); a word is never removed (a stale one only yields a suggestion that the search then checks).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * A course's curriculum is ordered sections, each holding ordered lectures (lessons). Migration 0014 put
 * every existing course's lectures into one section, "Course content" (decision 0075).
 */
export const courseSections = pgTable(
  'course_sections',
  {
    id: id(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    title: text('title').notNull(),
    /** 1..n within the course. */
    position: integer('position').notNull(),
    /** Drip release: the section opens this many days after the learner's enrollment... */
    opensAfterDays: integer('opens_after_days'),
    /** ...or at this instant; at most one of the two (decision 0076). */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('course_sections_course_position_idx').on(t.courseId, t.position),
    check('course_sections_one_drip_rule', sql`${t.opensAfterDays} is null or ${t.opensAt} is null`),
    check(
      'course_sections_drip_days',
      sql`${t.opensAfterDays} is null or ${t.opensAfterDays} between 1 and ${sql.raw(String(DRIP_MAX_DAYS))}`,
    ),
    // The target of lectures' (section_id, course_id) key: a lecture's section is of its own course.
    unique('course_sections_id_course_unique').on(t.id, t.courseId),
  ],
);

export const lectures = pgTable(
  'lectures',
  {
    id: id(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    /** The section holding the lecture, always one of the same course (composite key below). */
    sectionId: uuid('section_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** What the lesson is (decision 0077): a video lecture, or an article (Markdown in `body`). */
    kind: text('kind').$type<LessonKind>().notNull().default('video'),
    /** An article's Markdown; always '' for a video lesson. */
    body: text('body').notNull().default(''),
    /**
     * The words of `body` (runs of non-space characters), kept by PostgreSQL, so lists can show an
     * article's reading time without reading its text.
     */
    bodyWords: integer('body_words').notNull().generatedAlwaysAs(sql`regexp_count(body, '\\S+')`),
    /**
     * The API calls it `order`: the lecture's place in the whole course, 1..n in curriculum order (by
     * section, then within it), so every reader orders by it alone. Writers renumber with
     * `renumberCurriculum`. Not unique, so lectures can be reordered without deferred constraints.
     */
    position: integer('position').notNull(),
    isPreview: boolean('is_preview').notNull().default(false),
    /** Storage key of the video file; null until a video is uploaded. */
    videoKey: text('video_key'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    formattedDuration: text('formatted_duration'),
    ...timestamps(),
  },
  (t) => [
    check('lectures_kind_check', oneOf(t.kind, LESSON_KINDS)),
    // A video lesson has no text body, an article no video file.
    check('lectures_body_only_on_articles', sql`${t.kind} = 'article' or ${t.body} = ''`),
    check('lectures_video_only_on_videos', sql`${t.kind} = 'video' or ${t.videoKey} is null`),
    index('lectures_course_position_idx').on(t.courseId, t.position),
    index('lectures_section_idx').on(t.sectionId),
    foreignKey({
      name: 'lectures_section_course_fk',
      columns: [t.sectionId, t.courseId],
      foreignColumns: [courseSections.id, courseSections.courseId],
    }),
  ],
);

/**
 * Files a lesson carries for download (issue 26, decision 0079): a storage key under the course's
 * `resource` folder, the title shown and the name it downloads under, its type and size as stored.
 */
export const lessonResources = pgTable(
  'lesson_resources',
  {
    id: id(),
    lectureId: ref('lecture_id', () => lectures.id, 'cascade').notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    ...timestamps(),
  },
  (t) => [index('lesson_resources_lecture_idx').on(t.lectureId, t.createdAt)],
);

/**
 * Tombstones of deleted courses (issue 29 item 4, decision 0091): courses are hard-deleted, and their old
 * address answers 410 Gone instead of 404 so that search engines drop it. Written by the delete service
 * in the same transaction as the delete; no foreign key, the course row is gone.
 */
export const deletedCourses = pgTable('deleted_courses', {
  courseId: uuid('course_id').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Course = typeof courses.$inferSelect;
export type NewCourse = typeof courses.$inferInsert;
export type CourseSection = typeof courseSections.$inferSelect;
export type Lecture = typeof lectures.$inferSelect;
export type NewLecture = typeof lectures.$inferInsert;
export type LessonResource = typeof lessonResources.$inferSelect;
