/**
 * Change password: the current one, then the new one twice (the sign-up rules, from the contract). A
 * wrong current password comes back as the server's issue on that field. Other devices are signed out;
 * this one stays.
 */
import { changePasswordRequestSchema } from '@lectio/contracts/profile';
import { useState } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { AccountPasswordField, NEW_PASSWORD_FIELDS, NewPasswordPair } from '~/features/auth/account-fields';
import { toast } from '~/lib/toast';
import { changePassword } from './profile-api';
import { PROFILE_TEXT } from './profile-text';
import { SettingsForm } from './SettingsPanel';

const CURRENT_PASSWORD_FIELD = { password: 'currentPassword' } as const;

/** 'New password' and 'Confirm new password'. */
const PROFILE_LABELS = {
  password: PROFILE_TEXT.newPasswordLabel,
  confirm: PROFILE_TEXT.confirmNewPasswordLabel,
};

export function PasswordForm() {
  const [attempt, setAttempt] = useState(0);
  return <PasswordFormBody key={attempt} onChanged={() => setAttempt((n) => n + 1)} />;
}

/** Remounted (empty) after a successful change. */
function PasswordFormBody({ onChanged }: { onChanged: () => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(changePasswordRequestSchema, { currentPassword: '', password: '', confirmPassword: '' }),
    onSubmit: async ({ value, formApi }) => {
      setMessage(null);
      try {
        const answer = await changePassword(value);
        toast.success(answer.message);
        onChanged();
      } catch (error) {
        setMessage(applyServerErrors(formApi, error));
      }
    },
  });

  return (
    <SettingsForm
      form={form}
      id="profile-password"
      title={PROFILE_TEXT.passwordHeading}
      intro={PROFILE_TEXT.passwordIntro}
      submit={PROFILE_TEXT.changePasswordButton}
      button="primary"
      message={message}
    >
      <AccountPasswordField
        form={form}
        fields={CURRENT_PASSWORD_FIELD}
        id="profile-current-password"
        label={PROFILE_TEXT.currentPasswordLabel}
      />
      <NewPasswordPair
        form={form}
        fields={NEW_PASSWORD_FIELDS}
        idPrefix="profile-new"
        labels={PROFILE_LABELS}
      />
    </SettingsForm>
  );
}
