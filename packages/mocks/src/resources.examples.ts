/**
 * The resources.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives
 * it (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { RESOURCE_MESSAGES } from '@lectio/contracts/resources';
import { ids, ORIGIN } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const RESOURCE = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const KEY = `courses/${ids.course}/resource/${ids.instructor}-k7Qm2xWc9RtY.pdf`;

export const resourceExamples: NamespaceExamples<'resources'> = {
  list: { input: { lectureId: ids.lecture } },
  attach: {
    input: { lectureId: ids.lecture, key: KEY, title: 'Slides', fileName: 'week-1-slides.pdf' },
    output: {
      message: RESOURCE_MESSAGES.attached,
      data: {
        resource: {
          _id: RESOURCE,
          lectureId: ids.lecture,
          title: 'Slides',
          fileName: 'week-1-slides.pdf',
          contentType: 'application/pdf',
          size: 482_113,
          downloadUrl: `${ORIGIN}/api/v1/media/${encodeURIComponent(KEY)}?expires=1773484200&signature=3f9c`,
          downloadUrlExpiresAt: '2026-03-14T10:30:00.000Z',
          isLocked: false,
        },
      },
    },
  },
  delete: { input: { resourceId: RESOURCE }, output: { message: RESOURCE_MESSAGES.deleted } },
};
