/** Factories for the courses.* operations' answers (see sequence.ts for ids and dates). */
import { CATEGORIES, DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type {
  Course,
  CourseFacets,
  courseListResponseSchema,
  courseOverviewResponseSchema,
} from '@lectio/contracts/course';
import { formatCourseDuration } from '@lectio/contracts/durations';
import type { z } from 'zod';
import { buildLecture } from './lectures.factories.js';
import { INSTRUCTOR_NAMES, SAMPLE_COURSES } from './sample-content.js';
import { given, isoAt, mediaUrl, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { Course };

export type CoursePage = z.output<typeof courseListResponseSchema>;
export type CourseOverview = z.output<typeof courseOverviewResponseSchema>;
export type CourseOverviewItem = CourseOverview['data']['courses'][number];

export type CourseOverrides = Omit<Partial<Course>, 'instructor'> & {
  instructor?: Partial<Course['instructor']>;
  /** How many lectures to build when `videos` is not given (default 3; the first is a preview). */
  lectureCount?: number;
};

/**
 * A published course as an anonymous viewer sees it (`canAccessAll: false`, `progress: null`), with three
 * lectures (the first a free preview), an instructor, a thumbnail under `/api/v1/media/`, a price in rupees.
 * With `canAccessAll: true` the built lectures are all unlocked.
 */
export function buildCourse(overrides: CourseOverrides = {}): Course {
  const { lectureCount = 3, instructor: instructorOverride, ...fields } = given(overrides);
  const n = next();
  const sample = pick(SAMPLE_COURSES, n);
  const _id = fields._id ?? sequentialUuid(n);
  const instructor = {
    _id: instructorOverride?._id ?? nextId(),
    name: instructorOverride?.name ?? fields.instructorName ?? pick(INSTRUCTOR_NAMES, n),
  };
  const canAccessAll = fields.canAccessAll ?? false;
  const videos =
    fields.videos ??
    Array.from({ length: lectureCount }, (_, index) =>
      buildLecture({
        courseId: _id,
        order: index + 1,
        isPreview: index === 0,
        isLocked: !(canAccessAll || index === 0),
      }),
    );
  const previews = videos.filter((lecture) => lecture.isPreview).length;
  const isPublished = fields.isPublished ?? true;
  const thumbnailKey = `courses/${_id}/thumbnail/${instructor._id}-t${n}.jpg`;
  return {
    _id,
    title: sample.title,
    shortDescription: sample.shortDescription,
    description: `${sample.shortDescription} Each section ends with a small project, and you keep the code.`,
    category: sample.category,
    level: sample.level,
    requirements: sample.requirements,
    whatYouWillLearn: sample.whatYouWillLearn,
    tags: sample.tags,
    price: sample.price,
    currency: DEFAULT_CURRENCY,
    isPublished,
    status: isPublished ? 'published' : 'draft',
    createdAt: isoAt(n),
    updatedAt: isoAt(n, 26),
    thumbnail: { public_id: thumbnailKey, secure_url: mediaUrl(thumbnailKey), duration: null },
    duration: formatCourseDuration(videos.reduce((sum, lecture) => sum + lecture.duration, 0)),
    videos,
    studentsCount: 40 + ((n * 53) % 1200),
    rating: 4 + ((n * 3) % 10) / 10,
    ratingCount: 12 + ((n * 29) % 400),
    publicLectures: previews,
    privateLectures: videos.length - previews,
    instructorName: instructor.name,
    canAccessAll,
    progress: null,
    ...fields,
    instructor,
  };
}

/** The `courses.list` (and `courses.mine`, `courses.instructorList`) output; three courses by default. */
export function buildCoursePage(courses?: Course[], nextCursor: string | null = null): CoursePage {
  return { data: { courses: courses ?? [buildCourse(), buildCourse(), buildCourse()], nextCursor } };
}

/** One row of the `courses.overview` output. */
export function buildCourseOverviewItem(overrides: Partial<CourseOverviewItem> = {}): CourseOverviewItem {
  const n = next();
  const isPublished = overrides.isPublished ?? true;
  const students = 20 + ((n * 37) % 300);
  return {
    _id: sequentialUuid(n),
    title: pick(SAMPLE_COURSES, n).title,
    isPublished,
    status: isPublished ? 'published' : 'draft',
    studentsCount: students,
    lecturesCount: 6,
    publicLectures: 1,
    privateLectures: 5,
    revenue: students * pick(SAMPLE_COURSES, n).price,
    ...given(overrides),
  };
}

/** The `courses.overview` output; the totals follow `courses` (two published, one draft by default). */
export function buildCourseOverview(overrides: Partial<CourseOverview['data']> = {}): CourseOverview {
  const courses = overrides.courses ?? [
    buildCourseOverviewItem(),
    buildCourseOverviewItem(),
    buildCourseOverviewItem({ isPublished: false, studentsCount: 0, revenue: 0 }),
  ];
  const published = courses.filter((course) => course.isPublished).length;
  return {
    data: {
      totalCourses: courses.length,
      publishedCourses: published,
      draftCourses: courses.length - published,
      courses,
      ...given(overrides),
    },
  };
}

/** Facets of a catalogue of 12 courses (`courses.facets`), every facet adding up to the total. */
export function buildCourseFacets(overrides: Partial<CourseFacets> = {}): CourseFacets {
  return {
    total: 12,
    categories: CATEGORIES.map((value, index) => ({ value, count: index === 0 ? 8 : index === 1 ? 4 : 0 })),
    levels: [
      { value: 'Beginner', count: 6 },
      { value: 'Intermediate', count: 4 },
      { value: 'Advanced', count: 2 },
    ],
    prices: [
      { value: 'free', count: 3 },
      { value: 'paid', count: 9 },
    ],
    approximate: false,
    suggestion: null,
    ...given(overrides),
  };
}
