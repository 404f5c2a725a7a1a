/**
 * Courses and lectures for the catalogue tests, built with @lectio/mocks' factories (so they match the
 * contract's output schemas) with the fixed values the tests assert on, and overrides.
 */
import type { Course } from '@lectio/contracts/course';
import type { Lecture } from '@lectio/contracts/lecture';
import { buildCourse, buildCoursePage, buildLecture } from '@lectio/mocks';

export function makeLecture(overrides: Partial<Lecture> = {}): Lecture {
  const lecture = buildLecture({
    _id: 'lecture-1',
    title: 'Intro: welcome',
    order: 1,
    isPreview: false,
    thumbnail: { secure_url: null },
    videoUrl: null,
    duration: 125,
    formattedDuration: null,
    description: '',
    courseId: 'course-1',
    isLocked: false,
    ...overrides,
  });
  // The factory keeps its default for an `undefined` override; a test of an older payload wants it unset.
  return { ...lecture, ...overrides };
}

export function makeCourse(overrides: Partial<Course> = {}): Course {
  const course = buildCourse({
    _id: 'course-1',
    title: 'Modern React from Scratch',
    shortDescription: 'Build fast, accessible interfaces.',
    description: 'A long description.',
    category: 'Web Development',
    level: 'Beginner',
    requirements: ['Basic HTML'],
    whatYouWillLearn: ['Components'],
    tags: 'react, frontend',
    price: 1299,
    currency: 'INR',
    isPublished: true,
    status: 'published',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    thumbnail: { public_id: 'thumb.jpg', secure_url: '/media/thumb.jpg', duration: null },
    duration: '1h 05m',
    videos: [],
    studentsCount: 3,
    rating: 4.5,
    ratingCount: 10,
    publicLectures: 1,
    privateLectures: 2,
    instructor: { _id: 'instructor-1', name: 'Priya Sharma' },
    instructorName: 'Priya Sharma',
    canAccessAll: false,
    progress: null,
    ...overrides,
  });
  // As above: `{ publicLectures: undefined }` stays undefined (CourseCard.test.tsx's older payload).
  return { ...course, ...overrides };
}

/** The `courses.list` (and `courses.instructorList`, `courses.mine`) answer. */
export function coursePage(courses: Course[], nextCursor: string | null = null) {
  return buildCoursePage(courses, nextCursor);
}
