/**
 * The profile page's calls, over tRPC (profile.*), and the avatar upload: a signature for the caller's
 * own avatar folder, the file straight to storage (the course uploads' XHR, which reports progress), then
 * the key to `profile.update`. The answers carry the updated user, which goes into the session.
 */
import type { AppRouter } from '@lectio/contracts/api';
import type { ChangePasswordRequest, UpdateProfileRequest } from '@lectio/contracts/profile';
import type { inferRouterOutputs } from '@trpc/server';
import { queryClient } from '~/lib/query-client';
import { updateSessionUser } from '~/lib/session';
import { FRESH, runMutation, trpc } from '~/lib/trpc';
import {
  fileTooLargeMessage,
  type ProgressListener,
  UploadError,
  uploadToTarget,
} from '../course-admin/upload';

type ProfileOutputs = inferRouterOutputs<AppRouter>['profile'];

/** Saves name and/or avatar and puts the answer into the session (the top bar shows it at once). */
export async function updateProfile(changes: UpdateProfileRequest): Promise<ProfileOutputs['update']> {
  const answer = await runMutation(trpc.profile.update.mutationOptions(), changes);
  updateSessionUser(answer.user);
  return answer;
}

/** Uploads a new avatar image and makes it the profile's. */
export async function uploadAvatar(
  file: File,
  onProgress?: ProgressListener,
): Promise<ProfileOutputs['update']> {
  const signature = await queryClient.fetchQuery(
    trpc.profile.avatarUploadSignature.queryOptions(file.type ? { contentType: file.type } : {}, FRESH),
  );
  if (file.size > signature.maxBytes) throw new UploadError(413, fileTooLargeMessage(signature.maxBytes));
  await uploadToTarget(signature, file, onProgress ? { onProgress } : {});
  return updateProfile({ avatarKey: signature.key });
}

export function changePassword(body: ChangePasswordRequest) {
  return runMutation(trpc.profile.changePassword.mutationOptions(), body);
}

export function signOutEverywhere(password: string) {
  return runMutation(trpc.profile.signOutEverywhere.mutationOptions(), { password });
}

export function deleteAccount(password: string) {
  return runMutation(trpc.profile.deleteAccount.mutationOptions(), { password });
}
