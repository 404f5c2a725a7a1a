/**
 * The profile.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids, ORIGIN, student } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const AVATAR_KEY = `users/${ids.student}/avatar/${ids.student}-Zx9pQr2sTu4vWx6y.png`;

export const profileExamples: NamespaceExamples<'profile'> = {
  update: {
    input: { name: 'Ravi K.', avatarKey: AVATAR_KEY },
    output: {
      message: 'Profile updated',
      user: {
        ...student,
        name: 'Ravi K.',
        avatar: `${ORIGIN}/api/v1/media/${encodeURIComponent(AVATAR_KEY)}`,
      },
    },
  },
  avatarUploadSignature: { input: { contentType: 'image/png' } },
  changePassword: {
    input: {
      currentPassword: 'my old passphrase',
      password: 'a new, longer passphrase',
      confirmPassword: 'a new, longer passphrase',
    },
    output: { message: 'Password changed. Your other sessions have been signed out.' },
  },
  signOutEverywhere: {
    input: { password: 'my passphrase' },
    output: { message: 'Signed out on every device' },
  },
  deleteAccount: {
    input: { password: 'my passphrase' },
    output: { message: 'Your account has been deleted' },
  },
};
