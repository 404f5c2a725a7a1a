/**
 * The mail.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import type { NamespaceExamples } from './openapi-examples.js';

const MAIL_MESSAGE_ID = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';

export const mailExamples: NamespaceExamples<'mail'> = {
  list: { input: { status: 'failed', limit: 20 } },
  outboxMessage: { input: { id: MAIL_MESSAGE_ID } },
};
