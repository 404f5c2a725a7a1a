/** The profile and dashboard declarations (decision 0038): field rules and where the page lives. */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../src/auth';
import { PROFILE_MESSAGES, VALIDATION } from '../src/messages';
import { GUARDED_SECTIONS, guardDecision, sectionForPath, sectionServesPath } from '../src/navigation';
import {
  changePasswordRequestSchema,
  confirmPasswordRequestSchema,
  profileNameSchema,
  updateProfileRequestSchema,
} from '../src/profile';

describe('profile inputs', () => {
  it('a new password follows the sign-up rules; the current one need only be given', () => {
    expect(
      fieldErrors(changePasswordRequestSchema, {
        currentPassword: '',
        password: '123',
        confirmPassword: '1234',
      }),
    ).toEqual({
      currentPassword: PROFILE_MESSAGES.currentPasswordRequired,
      password: VALIDATION.passwordTooShort,
      confirmPassword: VALIDATION.passwordsDoNotMatch,
    });
    // An old password shorter than today's minimum can still be typed to confirm.
    expect(
      changePasswordRequestSchema.safeParse({
        currentPassword: 'abc',
        password: 'abcdef',
        confirmPassword: 'abcdef',
      }).success,
    ).toBe(true);
    expect(fieldErrors(confirmPasswordRequestSchema, {})).toEqual({ password: VALIDATION.passwordRequired });
    expect(fieldErrors(confirmPasswordRequestSchema, { password: 'x'.repeat(129) })).toEqual({
      password: VALIDATION.passwordTooLong,
    });
  });

  it('the name is trimmed and follows the sign-up rules; the avatar is a key or null', () => {
    expect(profileNameSchema.parse({ name: '  Asha  ' })).toEqual({ name: 'Asha' });
    expect(fieldErrors(profileNameSchema, { name: ' ' })).toEqual({ name: VALIDATION.nameRequired });
    expect(updateProfileRequestSchema.parse({})).toEqual({});
    expect(updateProfileRequestSchema.parse({ avatarKey: null })).toEqual({ avatarKey: null });
    expect(updateProfileRequestSchema.safeParse({ avatarKey: 'a\u0000b' }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse({ avatarKey: 'k'.repeat(513) }).success).toBe(false);
  });
});

describe('{base}/profile', () => {
  it('is served by every dashboard section, behind that section’s guard', () => {
    for (const section of GUARDED_SECTIONS) {
      const path = `${section.path}/profile`;
      expect(sectionForPath(path)).toBe(section);
      expect(sectionServesPath(section, path)).toBe(true);
    }
    expect(guardDecision('/dashboard/profile', { role: 'student' })).toEqual({ kind: 'allow' });
    expect(guardDecision('/dashboard/instructor/profile', { role: 'instructor' })).toEqual({ kind: 'allow' });
    expect(guardDecision('/dashboard/admin/profile', { role: 'admin' })).toEqual({ kind: 'allow' });
    expect(guardDecision('/dashboard/admin/profile', { role: 'student' })).toEqual({
      kind: 'redirect',
      to: '/unauthorized',
    });
  });
});
