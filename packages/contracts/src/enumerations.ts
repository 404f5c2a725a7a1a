/**
 * The plain value lists behind the contracts' enumerations: roles, permissions, course categories and
 * levels, error codes. No zod here: `permissions.ts`, `constants.ts` and `errors.ts` re-export these and
 * their schemas (from `enumeration-schemas.ts`) separately, so a bundle that needs only the values (the web
 * app's first load) never pulls a schema or zod. Import them through those modules.
 */

export const ROLES = [
  'admin',
  'instructor',
  'student',
  'moderator',
  'guest',
  'parent',
  'support_staff',
] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'all',
  'create_courses',
  'manage_own_courses',
  'access_purchased_courses',
  'track_progress',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const CATEGORIES = [
  'Web Development',
  'Mobile Development',
  'Backend Development',
  'Data Science',
  'Machine Learning',
  'DevOps',
  'Design',
  'Business',
  'Marketing',
  'General',
  'Cybersecurity',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'TOO_MANY_REQUESTS',
  'NOT_IMPLEMENTED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
