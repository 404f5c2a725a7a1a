/** User as the API shows it (spec section 3). Never carries a password hash. */
import { z } from 'zod';
import { permissionsSchema, roleSchema } from './permissions.js';
import { dateTimeString, emailString, inputString, uuidString } from './schema-formats.js';

export const idSchema = inputString().min(1);
export const uuidParam = z.uuid({ message: 'Invalid id' });

export const publicUserSchema = z
  .object({
    _id: uuidString(),
    name: z.string(),
    email: emailString(),
    role: roleSchema,
    avatar: z.string().nullable(),
    isActive: z.boolean(),
    /** Whether the owner opened the link of a verification e-mail; unverified accounts can still browse and buy. */
    emailVerified: z.boolean(),
    /** Ids of the courses the user is enrolled in, oldest enrollment first. */
    purchasedCourses: z.array(uuidString()),
    permissions: permissionsSchema,
    createdAt: dateTimeString(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;
