/**
 * The auth.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { student } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const session = {
  accessToken:
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyZDNlNGY1YS02YjdjLTRkOGUtOWYwYS0xYjJjM2Q0ZTVmNjAifQ.c2lnbmF0dXJl',
  role: 'student',
  user: student,
} as const;

export const authExamples: NamespaceExamples<'auth'> = {
  signup: {
    input: {
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    },
    output: {
      message: 'Account created successfully!',
      user: { ...student, emailVerified: false, purchasedCourses: [] },
    },
  },
  login: {
    input: { email: 'ravi@example.com', password: 'correct horse battery', remember: true },
    output: session,
  },
  refresh: { output: session },
  logout: { output: { message: 'Logged out' } },
};
