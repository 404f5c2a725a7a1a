/**
 * The teaching.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { CREATED_AT, ids, UPDATED_AT } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

/** The example application of the teaching.* operations. */
const EXAMPLE_TEACHING_APPLICATION = {
  _id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  topic: 'Rust for web developers',
  experience: 'Eight years of backend work in Rust and Go; I run the Rust study group at my company.',
  sampleUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  status: 'pending' as const,
  decisionNote: null,
  createdAt: CREATED_AT,
  decidedAt: null,
};
const EXAMPLE_ADMIN_TEACHING_APPLICATION = {
  ...EXAMPLE_TEACHING_APPLICATION,
  applicant: {
    _id: ids.student,
    name: 'Asha Rao',
    email: 'asha@example.com',
    role: 'student' as const,
    isActive: true,
  },
  decidedByName: null,
};

export const teachingExamples: NamespaceExamples<'teaching'> = {
  apply: {
    input: {
      topic: 'Rust for web developers',
      experience: 'Eight years of backend work in Rust and Go; I run the Rust study group at my company.',
      sampleUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
    output: {
      message: 'Your application was sent. An admin will review it soon.',
      application: EXAMPLE_TEACHING_APPLICATION,
    },
  },
  list: { input: { status: 'pending', limit: 20 } },
  decide: {
    input: { id: EXAMPLE_TEACHING_APPLICATION._id, decision: 'approve' },
    output: {
      message: 'Asha Rao is now an instructor.',
      application: {
        ...EXAMPLE_ADMIN_TEACHING_APPLICATION,
        status: 'approved',
        decidedAt: UPDATED_AT,
        applicant: { ...EXAMPLE_ADMIN_TEACHING_APPLICATION.applicant, role: 'instructor' },
        decidedByName: 'Admin',
      },
    },
  },
};
