/** User as the API shows it (spec section 3). Never carries a password hash. */
import { z } from 'zod';
import { permissionsSchema, roleSchema } from './permissions.js';

export const idSchema = z.string().min(1);
export const uuidParam = z.uuid({ message: 'Invalid id' });

export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  avatar: z.string().nullable(),
  isActive: z.boolean(),
  purchasedCourses: z.array(z.string()),
  permissions: permissionsSchema,
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
