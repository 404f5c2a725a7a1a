/**
 * The dashboards' time windows, in UTC: calendar months and days are those of UTC, so every admin sees
 * the same buckets whatever their time zone, and a sale at 23:59:59.999 UTC on the last day of a month
 * belongs to that month. Series are built here, in full, so buckets without data are present with 0.
 */
import { CHART } from '@lectio/contracts/constants';
import type { ServiceContext } from '../context';

/** What the dashboard reads need: the database and the clock. */
export type AdminReadContext = Pick<ServiceContext, 'db' | 'now'>;

/** Current month and the five before it (spec: revenue over the last 6 months). */
export const REVENUE_MONTHS = CHART.revenueMonths;
/** Today and the six days before it (spec: new users and sign-ups over the last 7 days). */
export const SIGNUP_DAYS = CHART.newUserDays;
/** Engagement: users with an authenticated request this recently count as active. */
export const ACTIVE_WINDOW_MINUTES = 5;
/** Engagement: session time and category views cover today and the 29 days before it. */
export const ENGAGEMENT_DAYS = 30;
export const TOP_COURSES = 5;
export const RECENT_TRANSACTIONS = 10;
export const RECENT_USERS = 20;
export const DROP_OFF_COURSES = 10;

const DAY_MS = 86_400_000;

export interface Buckets {
  /** Bucket ids, oldest first: 'YYYY-MM' for months, 'YYYY-MM-DD' for days. */
  ids: string[];
  /** Start of the oldest bucket (inclusive). */
  start: Date;
  /** End of the newest bucket (exclusive). */
  end: Date;
}

const dayId = (date: Date) => date.toISOString().slice(0, 10);
const monthId = (date: Date) => date.toISOString().slice(0, 7);

/** The `count` UTC calendar months ending with the one `now` is in. */
export function lastMonths(now: Date, count: number): Buckets {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const ids: string[] = [];
  for (let back = count - 1; back >= 0; back--) ids.push(monthId(new Date(Date.UTC(year, month - back, 1))));
  return {
    ids,
    start: new Date(Date.UTC(year, month - (count - 1), 1)),
    end: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** The `count` UTC calendar days ending with the one `now` is in. */
export function lastDays(now: Date, count: number): Buckets {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const ids: string[] = [];
  for (let back = count - 1; back >= 0; back--) ids.push(dayId(new Date(today - back * DAY_MS)));
  return { ids, start: new Date(today - (count - 1) * DAY_MS), end: new Date(today + DAY_MS) };
}

/** 'YYYY-MM-DD' of a bucket boundary, for comparing with `date` columns. */
export const asDay = dayId;

/** Every bucket id with its value, 0 where the query returned nothing. */
export function fillSeries(ids: string[], values: Map<string, number>): { _id: string; value: number }[] {
  return ids.map((id) => ({ _id: id, value: values.get(id) ?? 0 }));
}
