/**
 * zod schemas of the enumerations in `enumerations.ts` and of the error body. They are re-exported by
 * `permissions.ts`, `constants.ts` and `errors.ts` (import them from there); living apart lets a bundler
 * leave them, and zod, out of a chunk that only uses those modules' plain values and functions.
 */
import { z } from 'zod';
import { CATEGORIES, ERROR_CODES, LEVELS, PERMISSIONS, ROLES } from './enumerations.js';

export const roleSchema = z.enum(ROLES);
export const permissionSchema = z.enum(PERMISSIONS);
export const permissionsSchema = z.object({
  permissions: z.array(permissionSchema),
  level: z.number().int(),
});

export const categorySchema = z.enum(CATEGORIES);
export const levelSchema = z.enum(LEVELS);

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  issues: z.array(errorIssueSchema).optional(),
});
