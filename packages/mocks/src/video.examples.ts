/**
 * The video.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { VIDEO_MESSAGES, type VideoProcessing } from '@lectio/contracts/video';
import { CREATED_AT, ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const queued: VideoProcessing = {
  lectureId: ids.lecture,
  status: 'queued',
  progress: 0,
  error: null,
  renditions: [],
  updatedAt: CREATED_AT,
};

export const videoExamples: NamespaceExamples<'video'> = {
  stream: { input: { lectureId: ids.lecture } },
  processing: { input: { lectureId: ids.lecture } },
  retry: { input: { lectureId: ids.lecture }, output: { message: VIDEO_MESSAGES.retried, data: queued } },
};
