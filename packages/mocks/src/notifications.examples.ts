/**
 * The notifications.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const notificationsExamples: NamespaceExamples<'notifications'> = {
  list: { input: { limit: 20 } },
  markRead: {
    input: { id: ids.notification },
    output: { unreadCount: 0 },
  },
  markAllRead: {
    input: {},
    output: { marked: 1, unreadCount: 0 },
  },
};
