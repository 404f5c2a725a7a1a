/**
 * The sitePages.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { UPDATED_AT } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const sitePagesExamples: NamespaceExamples<'sitePages'> = {
  get: { input: { slug: 'faq' } },
  update: {
    input: { slug: 'support', title: 'Support', markdown: 'Write to [support](mailto:help@example.com).' },
    output: {
      message: 'Support saved',
      page: {
        slug: 'support',
        title: 'Support',
        markdown: 'Write to [support](mailto:help@example.com).',
        edited: true,
        updatedAt: UPDATED_AT,
        updatedBy: { name: 'Admin' },
      },
    },
  },
  reset: {
    input: { slug: 'support' },
    output: {
      message: 'Support is back to the default text',
      page: {
        slug: 'support',
        title: 'Support',
        markdown: 'Questions about a course or a payment? Write to the people who run this site.',
        edited: false,
        updatedAt: null,
        updatedBy: null,
      },
    },
  },
};
