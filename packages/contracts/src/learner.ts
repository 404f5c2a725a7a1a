/**
 * The student dashboard (spec section 2, "Student dashboard", now from the student's own data; issue 13
 * item 4 and docs/decisions/0038-profile-and-student-dashboard.md): the figures, the lecture to continue,
 * the courses in progress and courses to try next, in one read.
 */
import { z } from 'zod';
import { categorySchema, levelSchema } from './constants.js';
import { LESSON_KINDS } from './curriculum.js';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';
import { amountNumber, countNumber, dateTimeString, percentNumber, uuidString } from './schema-formats.js';

/** How many courses in progress the dashboard lists (My Courses has them all). */
export const DASHBOARD_ACTIVE_COURSES = 6;
/** How many courses the recommendation row shows. */
export const DASHBOARD_RECOMMENDATIONS = 4;

/** A storage download URL (absolute) or a legacy stored URL, as course thumbnails are. */
const imageUrl = () => z.string().meta({ format: 'uri-reference' });

export const continueLearningSchema = z
  .object({
    courseId: uuidString(),
    courseTitle: z.string(),
    lectureId: uuidString(),
    lectureTitle: z.string(),
    /** A video to resume, an article to read or a quiz to take (decision 0077). */
    kind: z.enum(LESSON_KINDS),
    /** An article's estimated reading time in minutes; null for the other kinds. */
    readingMinutes: countNumber().nullable(),
    /** Whole seconds into the lecture where the student left off (0: from the start). */
    position: countNumber(),
    /** The lecture's length in seconds (0 when unknown). */
    duration: countNumber(),
    /** False when nothing of the course has been watched yet: the first lecture to start with. */
    started: z.boolean(),
  })
  .meta({ id: 'ContinueLearning' });
export type ContinueLearning = z.infer<typeof continueLearningSchema>;

export const activeCourseSchema = z
  .object({
    courseId: uuidString(),
    title: z.string(),
    instructorName: z.string(),
    thumbnailUrl: imageUrl().nullable(),
    totalLectures: countNumber(),
    completedLectures: countNumber(),
    /** completedLectures / totalLectures, a whole percentage (0 without lectures). */
    progress: percentNumber(),
    /** When the student last watched any lecture of the course; null if never. */
    lastWatchedAt: dateTimeString().nullable(),
  })
  .meta({ id: 'ActiveCourse' });
export type ActiveCourse = z.infer<typeof activeCourseSchema>;

export const recommendedCourseSchema = z
  .object({
    _id: uuidString(),
    title: z.string(),
    shortDescription: z.string(),
    category: categorySchema,
    level: levelSchema,
    /** Major units (499 = ₹499). */
    price: amountNumber(),
    currency: z.string(),
    thumbnailUrl: imageUrl().nullable(),
    instructorName: z.string(),
    rating: z.number().min(0).max(5),
    ratingCount: countNumber(),
    studentsCount: countNumber(),
  })
  .meta({ id: 'RecommendedCourse' });
export type RecommendedCourse = z.infer<typeof recommendedCourseSchema>;

export const learnerDashboardSchema = z
  .object({
    /** The student's name, for the greeting. */
    name: z.string(),
    coursesEnrolled: countNumber(),
    /** Enrolled courses with at least one lecture, every one of them complete. */
    coursesCompleted: countNumber(),
    /** Certificates the student holds that were not revoked. */
    certificatesEarned: countNumber(),
    /** The mean of the enrolled courses' completion percentages, rounded (0 without enrollments). */
    averageProgress: percentNumber(),
    /** The lecture to go on with, or null when every enrolled course is complete (or there are none). */
    continueLearning: continueLearningSchema.nullable(),
    /** Enrolled courses not yet complete, the most recently watched first (at most DASHBOARD_ACTIVE_COURSES). */
    activeCourses: z.array(activeCourseSchema).max(DASHBOARD_ACTIVE_COURSES),
    /**
     * Published courses the student doesn't own: those in the categories they study first, then the
     * rest; the most enrolled and best rated first (at most DASHBOARD_RECOMMENDATIONS).
     */
    recommendations: z.array(recommendedCourseSchema).max(DASHBOARD_RECOMMENDATIONS),
  })
  .meta({ id: 'LearnerDashboard' });
export type LearnerDashboard = z.infer<typeof learnerDashboardSchema>;

export const learnerOperations = defineOperations({
  dashboard: {
    kind: 'query',
    access: requires('access_purchased_courses', 'track_progress'),
    summary: 'The student dashboard: figures, the lecture to continue, courses in progress, recommendations',
    description:
      'Every figure is the caller’s own. A course counts as completed when it has lectures and every one ' +
      'is complete; `averageProgress` is the mean completion over enrolled courses. `continueLearning` is ' +
      'the lecture most recently watched in a course not yet complete (the next unfinished one when that ' +
      'lecture is finished), with the position to resume from.',
    output: learnerDashboardSchema,
    rest: { method: 'GET', path: '/learner/dashboard' },
  },
});
