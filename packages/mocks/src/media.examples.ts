/**
 * The media.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const mediaExamples: NamespaceExamples<'media'> = {
  uploadSignature: { input: { kind: 'lecture', courseId: ids.course, contentType: 'video/mp4' } },
};
