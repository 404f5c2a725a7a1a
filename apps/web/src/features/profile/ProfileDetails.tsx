/**
 * Name and photo. The photo uploads as soon as it is chosen (straight to storage, with its progress),
 * then becomes the profile's; the name saves with its button. Both answers update the session, so the
 * top bar's user menu shows the change at once.
 */
import { profileNameSchema } from '@lectio/contracts/profile';
import type { PublicUser } from '@lectio/contracts/user';
import { type ChangeEvent, useRef, useState } from 'react';
import { FormMessage } from '~/components/ui/form/FormMessage';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { actionClassName, labelClassName } from '~/components/ui/ui-classes';
import { NAME_FIELD, NameField } from '~/features/auth/account-fields';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { UserAvatar } from '../admin/UserAvatar';
import { UploadError } from '../course-admin/upload';
import { updateProfile, uploadAvatar } from './profile-api';
import { PROFILE_TEXT } from './profile-text';
import { SettingsPanel } from './SettingsPanel';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

function PhotoControls({ user }: { user: PublicUser }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = progress !== null;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!IMAGE_TYPES.split(',').includes(file.type)) {
      setProblem(PROFILE_TEXT.notAnImage);
      return;
    }
    setProgress(0);
    try {
      await uploadAvatar(file, setProgress);
      toast.success(PROFILE_TEXT.photoUpdated);
    } catch (error) {
      setProblem(error instanceof UploadError ? error.message : errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    setProblem(null);
    setProgress(0);
    try {
      await updateProfile({ avatarKey: null });
      toast.success(PROFILE_TEXT.photoRemoved);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar name={user.name} src={user.avatar} size={80} />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => input.current?.click()}
            className={actionClassName('secondary', 'small')}
          >
            {PROFILE_TEXT.changePhoto}
          </button>
          {user.avatar ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void remove()}
              className={actionClassName('dangerOutline', 'small')}
            >
              {PROFILE_TEXT.removePhoto}
            </button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES}
          aria-label={PROFILE_TEXT.photoLabel}
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => void onFile(event)}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">{PROFILE_TEXT.photoHint}</p>
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {progress !== null && progress > 0 ? PROFILE_TEXT.uploading(progress) : ''}
        </p>
        <FormMessage message={problem} />
      </div>
    </div>
  );
}

function NameForm({ user }: { user: PublicUser }) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(profileNameSchema, { name: user.name }),
    onSubmit: async ({ value, formApi }) => {
      setMessage(null);
      try {
        const answer = await updateProfile(profileNameSchema.parse(value));
        formApi.setFieldValue('name', answer.user.name);
        toast.success(answer.message);
      } catch (error) {
        setMessage(applyServerErrors(formApi, error));
      }
    },
  });

  return (
    <FormShell
      form={form}
      submit={PROFILE_TEXT.saveName}
      submitClassName={actionClassName('primary')}
      allowWhileInvalid
      message={message}
    >
      <NameField form={form} fields={NAME_FIELD} id="profile-name" />
      <div className="space-y-1">
        <dl className="space-y-1">
          <dt className={labelClassName}>{PROFILE_TEXT.emailLabel}</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{user.email}</dd>
        </dl>
        <p className="text-sm text-slate-600 dark:text-slate-400">{PROFILE_TEXT.emailHint}</p>
      </div>
    </FormShell>
  );
}

export function ProfileDetails({ user }: { user: PublicUser }) {
  return (
    <SettingsPanel id="profile-details" title={PROFILE_TEXT.detailsHeading}>
      <div className="space-y-6">
        <PhotoControls user={user} />
        <NameForm user={user} />
      </div>
    </SettingsPanel>
  );
}
