/**
 * GET /admin/engagement, read in one statement (read-parts.ts).
 *
 * - activeUsers: distinct users with an authenticated request in the last 5 minutes. 'request' activity
 *   events (activity-recorder.ts) move each user's row in user_presence forward (trigger), so this is an
 *   index range over the users active in the window, however many events they produced.
 * - avgSessionTime: mean length in seconds (rounded) of the sign-in sessions started in the last 30
 *   UTC days (today and the 29 before), a session's length running from sign-in to its last activity
 *   (auth_sessions.last_seen_at, moved by requests and refreshes); from the daily_session_stats rollup.
 * - popularCategories: course-detail views per course category over the same 30 days, most viewed
 *   first (ties by name), from the daily_category_views rollup.
 * - dropOffPoints: the ten courses with the lowest completion rate among those with enrolled students
 *   and at least one lecture; completionRate is the percentage (0-100, one decimal) of enrolled students
 *   who completed every lecture. Ties: more enrolled students first, then the older course. From
 *   course_stats.
 */
import type { Engagement } from '@lectio/contracts/admin';
import { activeUsersPart, categoriesPart, dropOffPart, sessionsPart } from './dashboard-parts';
import { readParts } from './read-parts';
import { ACTIVE_WINDOW_MINUTES, type AdminReadContext, ENGAGEMENT_DAYS, lastDays } from './time-buckets';

export async function engagement(ctx: AdminReadContext): Promise<Engagement> {
  const now = ctx.now();
  const window = lastDays(now, ENGAGEMENT_DAYS);
  const parts = await readParts(ctx.db, 'engagement', {
    active: activeUsersPart(new Date(now.getTime() - ACTIVE_WINDOW_MINUTES * 60_000)),
    sessions: sessionsPart(window),
    categories: categoriesPart(window),
    dropOff: dropOffPart(),
  });
  const sessions = Number(parts.sessions[0]?.sessions ?? 0);
  const totalMs = Number(parts.sessions[0]?.totalMs ?? 0);
  return {
    activeUsers: Number(parts.active[0]?.users ?? 0),
    avgSessionTime: sessions > 0 ? Math.round(totalMs / sessions / 1000) : 0,
    popularCategories: parts.categories.map((row) => ({
      category: String(row.category),
      views: Number(row.views),
    })),
    dropOffPoints: parts.dropOff.map((row) => ({
      title: String(row.title),
      completionRate: Math.round((Number(row.completed) / Number(row.enrollments)) * 1000) / 10,
    })),
  };
}
