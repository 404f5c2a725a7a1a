/**
 * profile.*: the caller's own account, over services/profile. Signing out everywhere and deleting the
 * account also clear this browser's refresh cookie (the HTTP side of the session, as auth.logout does).
 */
import { operations } from '@lectio/contracts/api';
import { PROFILE_MESSAGES } from '@lectio/contracts/messages';
import { clearRefreshCookie } from '../../plugins/auth';
import { changePassword, signOutEverywhere } from '../../services/profile/account-sessions';
import { createAvatarUploadSignature } from '../../services/profile/avatar-upload';
import { deleteAccount } from '../../services/profile/delete-account';
import { updateProfile } from '../../services/profile/update-profile';
import { implement } from '../build-router';

export const profileProcedures = implement(operations.profile, {
  async update({ ctx, input }) {
    return {
      message: PROFILE_MESSAGES.profileUpdated,
      user: await updateProfile(ctx.services, ctx.actor, input),
    };
  },
  avatarUploadSignature: ({ ctx, input }) => createAvatarUploadSignature(ctx.services, ctx.actor, input),
  async changePassword({ ctx, input }) {
    await changePassword(ctx.services, ctx.actor, input, { ip: ctx.req.ip });
    return { message: PROFILE_MESSAGES.passwordChanged };
  },
  async signOutEverywhere({ ctx, input }) {
    await signOutEverywhere(ctx.services, ctx.actor, input.password, { ip: ctx.req.ip });
    clearRefreshCookie(ctx.res, ctx.services.config);
    return { message: PROFILE_MESSAGES.signedOutEverywhere };
  },
  async deleteAccount({ ctx, input }) {
    await deleteAccount(ctx.services, ctx.actor, input, { ip: ctx.req.ip });
    clearRefreshCookie(ctx.res, ctx.services.config);
    return { message: PROFILE_MESSAGES.accountDeleted };
  },
});
