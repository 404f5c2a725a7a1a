/**
 * The values the hand-written OpenAPI examples (<domain>.examples.ts) share: ids, and the course, lecture,
 * user and review a mutation's answer shows.
 */

import type { Course } from '@lectio/contracts/course';
import type { Lecture } from '@lectio/contracts/lecture';
import type { Review } from '@lectio/contracts/reviews';
import type { PublicUser } from '@lectio/contracts/user';

export const ids = {
  admin: '0b9e3f6a-5c1d-4e2f-8a7b-1c2d3e4f5a60',
  instructor: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  student: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60',
  course: '3f2b8c1e-6a4d-4e8f-9b1a-2c5d7e9f0a12',
  otherCourse: '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  lecture: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  secondLecture: '6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f',
  payment: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  review: '8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b',
  notification: '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
} as const;
export const ORIGIN = 'https://lectio.example.com';
/** The example certificate of the certificates.* routes. */
export const CERTIFICATE_ID = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
export const CREATED_AT = '2026-03-14T09:30:00.000Z';
export const UPDATED_AT = '2026-04-02T17:05:12.000Z';
export const VIDEO_KEY = `courses/${ids.course}/lectures/9c1f2e3d4b5a.mp4`;
export const THUMBNAIL_KEY = `public/courses/${ids.course}/thumbnails/8a7b6c5d4e3f.jpg`;
export const signedVideoUrl = `${ORIGIN}/api/v1/media/${encodeURIComponent(VIDEO_KEY)}?expires=1775149512&signature=Qm9vdHN0cmFwIHRoZSBzaWduYXR1cmU`;
export const lecture: Lecture = {
  _id: ids.lecture,
  title: 'Setting up the project',
  kind: 'video',
  order: 1,
  isPreview: true,
  thumbnail: { secure_url: signedVideoUrl },
  videoUrl: signedVideoUrl,
  duration: 754,
  formattedDuration: '12:34',
  description: 'Create the repository, install the tools and run the first build.',
  courseId: ids.course,
  isLocked: false,
  readingMinutes: null,
};
export const lockedLecture: Lecture = {
  ...lecture,
  _id: ids.secondLecture,
  title: 'Routing and layouts',
  order: 2,
  isPreview: false,
  thumbnail: { secure_url: null },
  videoUrl: null,
  duration: 1325,
  formattedDuration: '22:05',
  description: 'Nested routes, shared layouts and loading states.',
  isLocked: true,
};
export const course: Course = {
  _id: ids.course,
  title: 'Full-Stack TypeScript',
  shortDescription: 'Build and ship a web application with one language end to end.',
  description:
    'From the first commit to production: a typed API, a React front end and a PostgreSQL database.',
  category: 'Web Development',
  level: 'Intermediate',
  requirements: ['Basic JavaScript', 'A computer with Node.js 20'],
  whatYouWillLearn: ['Typed APIs with zod', 'React with TanStack Router', 'Deploying with Docker'],
  tags: 'typescript,react,node',
  price: 499,
  currency: 'INR',
  isPublished: true,
  status: 'published',
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  thumbnail: {
    public_id: THUMBNAIL_KEY,
    secure_url: `${ORIGIN}/api/v1/media/${encodeURIComponent(THUMBNAIL_KEY)}`,
    duration: null,
  },
  duration: '0h 34m',
  videos: [lecture, lockedLecture],
  studentsCount: 128,
  rating: 4.7,
  ratingCount: 96,
  publicLectures: 1,
  privateLectures: 1,
  instructor: { _id: ids.instructor, name: 'Asha Rao' },
  instructorName: 'Asha Rao',
  canAccessAll: false,
  progress: null,
};
export const student: PublicUser = {
  _id: ids.student,
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  role: 'student',
  avatar: null,
  isActive: true,
  emailVerified: true,
  purchasedCourses: [ids.course],
  permissions: { permissions: ['access_purchased_courses', 'track_progress'], level: 2 },
  createdAt: CREATED_AT,
};
export const review: Review = {
  _id: ids.review,
  courseId: ids.course,
  rating: 5,
  body: 'Clear explanations and the projects are worth doing. The testing section alone was worth it.',
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  author: { name: 'Ravi Kumar', avatar: null },
  reply: { body: 'Thanks Ravi, glad the testing section helped!', repliedAt: UPDATED_AT },
};
