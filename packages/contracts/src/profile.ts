/**
 * The signed-in user's own account (docs/decisions/0038-profile-and-student-dashboard.md): name and
 * avatar, password change, signing out everywhere and deleting the account. Every operation acts on the
 * caller only: no operation takes a user id. The account-wide actions (password, sign out everywhere,
 * delete) ask for the current password again; a wrong one is a 400 on that field and counts as a failed
 * sign-in for the login throttle.
 */
import { z } from 'zod';
import { messageResponseSchema, PASSWORDS_MATCH, signupRequestSchema } from './auth.js';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { uploadSignatureSchema } from './media.js';
import { PROFILE_MESSAGES, VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED } from './permissions.js';
import { inputString } from './schema-formats.js';
import { publicUserSchema } from './user.js';

/** Far above any key the server hands out (`users/{id}/avatar/{id}-{random}.{ext}`). */
export const AVATAR_KEY_MAX_LENGTH = 512;

// The sign-up rules, not copies of them.
const { name, password, confirmPassword } = signupRequestSchema.shape;

/**
 * The password the account has now, to confirm an account-wide action. Only required and bounded: its
 * length rules are those of the day it was set, so a wrong one is told apart by the server (400 on the
 * field), never by the shape.
 */
const currentPasswordField = (message: string) =>
  inputString({ error: message }).min(1, message).max(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong);

/** The name alone, as the profile form checks it (the sign-up rules). */
export const profileNameSchema = z.object({ name });

export const updateProfileRequestSchema = z.object({
  name: name.optional(),
  /**
   * The `key` of an upload made with `profile.avatarUploadSignature`, by this user; null removes the
   * avatar. Absent: unchanged.
   */
  avatarKey: inputString()
    .max(AVATAR_KEY_MAX_LENGTH, VALIDATION.tooLong('avatarKey', AVATAR_KEY_MAX_LENGTH))
    .nullable()
    .optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const updateProfileResponseSchema = z.object({ message: z.string(), user: publicUserSchema });

export const avatarUploadSignatureQuerySchema = z.object({
  /** image/jpeg (default), image/png, image/webp or image/gif. */
  contentType: inputString().max(100).optional(),
});

export const changePasswordRequestSchema = z
  .object({
    currentPassword: currentPasswordField(PROFILE_MESSAGES.currentPasswordRequired),
    password,
    confirmPassword,
  })
  .refine(...PASSWORDS_MATCH);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The password again, for signing out everywhere and for deleting the account. */
export const confirmPasswordRequestSchema = z.object({
  password: currentPasswordField(VALIDATION.passwordRequired),
});
export type ConfirmPasswordRequest = z.input<typeof confirmPasswordRequestSchema>;

export const profileOperations = defineOperations({
  update: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Change your name or avatar',
    description:
      'Send `name`, `avatarKey` or both; an absent field stays as it is. `avatarKey` must be the `key` of an ' +
      'upload made with GET /profile/avatar/signature by the caller (another key is a 400), and the file must ' +
      'be in storage; null removes the avatar. The answer is the updated user, whose `avatar` is a URL.',
    input: updateProfileRequestSchema,
    output: updateProfileResponseSchema,
    rest: { method: 'PATCH', path: '/profile' },
  },
  avatarUploadSignature: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'A short-lived direct upload target for a new avatar image',
    description:
      'The same upload target as GET /videos/signature with `kind=thumbnail` (image/jpeg, image/png, ' +
      'image/webp or image/gif, at most the thumbnail size limit), for a key in the caller’s own avatar ' +
      'folder. Upload the file, then send `key` as `avatarKey` to PATCH /profile.',
    input: avatarUploadSignatureQuerySchema,
    output: uploadSignatureSchema,
    rest: { method: 'GET', path: '/profile/avatar/signature' },
    rateLimit: 'uploadSignature',
  },
  changePassword: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Change your password; signs out every other session',
    description:
      'A wrong `currentPassword` is a 400 on that field and counts as a failed sign-in (429 once the login ' +
      'throttle refuses). The new password follows the sign-up rules. Every other session of the account ' +
      'ends at once; the one making the call stays signed in.',
    input: changePasswordRequestSchema,
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/profile/password' },
    errors: ['TOO_MANY_REQUESTS'],
  },
  signOutEverywhere: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'End every session of your account, this one included',
    description:
      'Confirmed with the password (a wrong one is a 400 on `password`, counted by the login throttle). ' +
      'Clears the refresh cookie of the calling browser.',
    input: confirmPasswordRequestSchema,
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/profile/sign-out-everywhere' },
    errors: ['TOO_MANY_REQUESTS'],
  },
  deleteAccount: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Delete your account',
    description:
      'Confirmed with the password (a wrong one is a 400 on `password`, counted by the login throttle). ' +
      'Personal data is removed: the name, e-mail and avatar are replaced, the password no longer works, ' +
      'every session ends, and enrollments, watch progress, reviews and certificates are deleted. Payments ' +
      'stay, pointing at the anonymised account. 409 while the account owns courses, and for the last ' +
      'active admin.',
    input: confirmPasswordRequestSchema,
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/profile/delete' },
    errors: ['CONFLICT', 'TOO_MANY_REQUESTS'],
  },
});
