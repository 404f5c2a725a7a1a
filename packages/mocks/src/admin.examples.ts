/**
 * The admin.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const adminExamples: NamespaceExamples<'admin'> = {
  updateUser: {
    input: { id: ids.student, role: 'instructor' },
    output: {
      message: 'User updated successfully',
      user: { _id: ids.student, role: 'instructor', isActive: true },
    },
  },
};
