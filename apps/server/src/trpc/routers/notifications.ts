/** notifications.*: the signed-in user's own notifications (services/notifications). */
import { operations } from '@lectio/contracts/api';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationSummary,
} from '../../services/notifications/notifications';
import { implement } from '../build-router';

export const notificationProcedures = implement(operations.notifications, {
  summary: ({ ctx }) => notificationSummary(ctx.services, ctx.actor),
  list: ({ ctx, input }) => listNotifications(ctx.services, ctx.actor, input),
  markRead: ({ ctx, input }) => markNotificationRead(ctx.services, ctx.actor, input.id),
  markAllRead: ({ ctx }) => markAllNotificationsRead(ctx.services, ctx.actor),
});
