/**
 * GET /admin/overview: platform totals, revenue per month, sign-ups per day, top courses by
 * enrollments and the latest transactions, read in one statement (read-parts.ts). Revenue is the sum
 * of succeeded payments only (refunded, failed and pending ones are not revenue), in major units
 * (amount_minor / 100); all payments are in the platform currency. Months and days are UTC
 * (time-buckets.ts).
 */
import type { AdminOverview } from '@lectio/contracts/admin';
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import {
  latestTransactionsPart,
  revenuePart,
  signupsPart,
  topCoursesPart,
  totalsPart,
} from './dashboard-parts';
import { isoTimestamp, readParts } from './read-parts';
import {
  type AdminReadContext,
  fillSeries,
  lastDays,
  lastMonths,
  REVENUE_MONTHS,
  SIGNUP_DAYS,
} from './time-buckets';

export async function adminOverview(ctx: AdminReadContext): Promise<AdminOverview> {
  const now = ctx.now();
  const months = lastMonths(now, REVENUE_MONTHS);
  const days = lastDays(now, SIGNUP_DAYS);
  const parts = await readParts(ctx.db, 'admin_overview', {
    totals: totalsPart(),
    revenue: revenuePart(months),
    signups: signupsPart(days),
    topCourses: topCoursesPart(),
    transactions: latestTransactionsPart(),
  });
  const totals = parts.totals[0] ?? {};
  const revenue = new Map(parts.revenue.map((row) => [String(row.month), Number(row.amountMinor)]));
  const signups = new Map(parts.signups.map((row) => [String(row.day), Number(row.count)]));
  return {
    totalCourses: Number(totals.courses ?? 0),
    totalStudents: Number(totals.students ?? 0),
    totalInstructors: Number(totals.instructors ?? 0),
    monthlyRevenue: fillSeries(months.ids, revenue).map(({ _id, value }) => ({ _id, revenue: value / 100 })),
    newUsers: fillSeries(days.ids, signups).map(({ _id, value }) => ({ _id, count: value })),
    topCourses: parts.topCourses.map((row) => ({
      courseId: String(row.courseId),
      title: String(row.title),
      instructor: String(row.instructor),
      enrollments: Number(row.enrollments),
    })),
    recentTransactions: parts.transactions.map((row) => ({
      _id: String(row.id),
      // A deleted course leaves its payments (course_id set to null) so that revenue stays true.
      course: { title: row.title === null ? ADMIN_MESSAGES.deletedCourse : String(row.title) },
      createdAt: isoTimestamp(row.createdAt),
      amount: Number(row.amountMinor) / 100,
    })),
  };
}
