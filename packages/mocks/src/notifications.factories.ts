/** Factories for the notifications.* operations' answers (see sequence.ts for ids and dates). */
import type { Notification } from '@lectio/contracts/notifications';
import { given, isoAt, next, sequentialUuid } from './sequence.js';

/** A notification (`notifications.*`): a new student in one of the instructor's courses, unread. */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  const n = next();
  return {
    _id: sequentialUuid(n),
    kind: 'student_enrolled',
    title: 'New student in React for Beginners',
    body: 'Ravi Kumar enrolled in React for Beginners.',
    link: 'course-list',
    read: false,
    createdAt: isoAt(n),
    ...given(overrides),
  };
}
