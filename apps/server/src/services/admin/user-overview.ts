/** GET /admin/users/overview: role totals, sign-ups per UTC day over the last week, latest users; one statement. */
import type { UserOverview } from '@lectio/contracts/admin';
import { roleSchema } from '@lectio/contracts/permissions';
import type { ServiceContext } from '../context';
import { avatarUrl } from '../users/present-user';
import { latestUsersPart, signupsPart, totalsPart } from './dashboard-parts';
import { readParts } from './read-parts';
import { type AdminReadContext, fillSeries, lastDays, SIGNUP_DAYS } from './time-buckets';

/** `storage` and `config` turn each user's stored avatar key into its URL (no query). */
export async function userOverview(
  ctx: AdminReadContext & Pick<ServiceContext, 'storage' | 'config'>,
): Promise<UserOverview> {
  const days = lastDays(ctx.now(), SIGNUP_DAYS);
  const parts = await readParts(ctx.db, 'user_overview', {
    totals: totalsPart(),
    signups: signupsPart(days),
    users: latestUsersPart(),
  });
  const totals = parts.totals[0] ?? {};
  const signups = new Map(parts.signups.map((row) => [String(row.day), Number(row.count)]));
  return {
    totalStudents: Number(totals.students ?? 0),
    totalInstructors: Number(totals.instructors ?? 0),
    newSignups: fillSeries(days.ids, signups).map(({ _id, value }) => ({ _id, count: value })),
    recentUsers: await Promise.all(
      parts.users.map(async (row) => ({
        _id: String(row.id),
        name: String(row.name),
        email: String(row.email),
        avatar: await avatarUrl(ctx, typeof row.avatar === 'string' ? row.avatar : null),
        role: roleSchema.parse(row.role),
        isActive: row.isActive === true,
      })),
    ),
  };
}
