/**
 * The courses.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { CREATED_AT, course, ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const coursesExamples: NamespaceExamples<'courses'> = {
  facets: { input: { search: 'react' } },
  list: { input: { limit: 12, category: 'Web Development', search: 'typescript' } },
  create: {
    input: {
      title: 'Full-Stack TypeScript',
      shortDescription: 'Build and ship a web application with one language end to end.',
      category: 'Web Development',
      level: 'Intermediate',
      price: 499,
      requirements: ['Basic JavaScript'],
      whatYouWillLearn: ['Typed APIs with zod'],
      tags: 'typescript,react,node',
    },
    output: {
      message: 'Course created successfully!',
      data: {
        course: {
          ...course,
          isPublished: false,
          status: 'draft',
          thumbnail: null,
          duration: null,
          videos: [],
          studentsCount: 0,
          rating: 0,
          ratingCount: 0,
          publicLectures: 0,
          privateLectures: 0,
          canAccessAll: true,
          updatedAt: CREATED_AT,
        },
      },
    },
  },
  byIds: { input: { courseIds: [ids.course, ids.otherCourse] } },
  get: { input: { id: ids.course } },
  update: {
    input: { id: ids.course, title: 'Full-Stack TypeScript', price: 599, isPublished: true },
    output: { message: 'Course updated successfully!', data: { course: { ...course, price: 599 } } },
  },
  delete: { input: { id: ids.course }, output: { message: 'Course deleted successfully' } },
  instructorList: { input: { limit: 12 } },
};
