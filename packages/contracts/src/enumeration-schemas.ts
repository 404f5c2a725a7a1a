/**
 * zod schemas of the enumerations in `enumerations.ts` and of the error body. They are re-exported by
 * `permissions.ts`, `constants.ts` and `errors.ts` (import them from there); living apart lets a bundler
 * leave them, and zod, out of a chunk that only uses those modules' plain values and functions.
 */
import { z } from 'zod';
import { CATEGORIES, ERROR_CODES, LEVELS, PERMISSIONS, ROLES } from './enumerations.js';

// The `id`s name the schemas' components in the OpenAPI document (openapi.ts); they change no parsing.
export const roleSchema = z.enum(ROLES).meta({ id: 'Role' });
export const permissionSchema = z.enum(PERMISSIONS).meta({ id: 'Permission' });
export const permissionsSchema = z
  .object({
    permissions: z.array(permissionSchema),
    /** The role's level (0 to 10; roles without permissions have 0). */
    level: z.number().int().min(0).max(10),
  })
  .meta({ id: 'Permissions' });

export const categorySchema = z.enum(CATEGORIES).meta({ id: 'Category' });
export const levelSchema = z.enum(LEVELS).meta({ id: 'Level' });

export const errorIssueSchema = z
  .object({
    /** The field, dot-separated (`email`, `lectureIds.0`); '' for the body as a whole. */
    path: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ErrorIssue' });
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    issues: z.array(errorIssueSchema).optional(),
  })
  .meta({ id: 'Error' });
