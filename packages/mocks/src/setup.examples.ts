/**
 * The setup.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { CREATED_AT, ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const setupExamples: NamespaceExamples<'setup'> = {
  createAdmin: {
    input: {
      token: 'q5Yt1u0ZJX2mS8dWc4kPa7LhN3vRb9Ee',
      name: 'Meera Iyer',
      email: 'meera@example.com',
      password: 'a long admin passphrase',
      confirmPassword: 'a long admin passphrase',
    },
    output: {
      message: 'Admin account created. Sign in to continue.',
      user: {
        _id: ids.admin,
        name: 'Meera Iyer',
        email: 'meera@example.com',
        role: 'admin',
        avatar: null,
        isActive: true,
        emailVerified: false,
        purchasedCourses: [],
        permissions: { permissions: ['all'], level: 5 },
        createdAt: CREATED_AT,
      },
    },
  },
};
