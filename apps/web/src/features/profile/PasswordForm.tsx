/**
 * Change password: the current one, then the new one twice (the sign-up rules, from the contract). A
 * wrong current password comes back as the server's issue on that field. Other devices are signed out;
 * this one stays.
 */
import { changePasswordRequestSchema } from '@lectio/contracts/profile';
import { useState } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { actionClassName } from '~/components/ui/ui-classes';
import { NEW_PASSWORD_FIELDS, NewPasswordPair } from '~/features/auth/NewPasswordPair';
import { toast } from '~/lib/toast';
import { FormMessage } from '../auth/FormMessage';
import { changePassword } from './profile-api';
import { PROFILE_TEXT } from './profile-text';
import { SettingsPanel } from './SettingsPanel';

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
    <SettingsPanel
      id="profile-password"
      title={PROFILE_TEXT.passwordHeading}
      intro={PROFILE_TEXT.passwordIntro}
    >
      <form.AppForm>
        <form.Form className="max-w-md space-y-4">
          <form.AppField name="currentPassword">
            {(field) => (
              <field.PasswordField
                id="profile-current-password"
                label={PROFILE_TEXT.currentPasswordLabel}
                autoComplete="current-password"
              />
            )}
          </form.AppField>
          <NewPasswordPair
            form={form}
            fields={NEW_PASSWORD_FIELDS}
            idPrefix="profile-new"
            labels={PROFILE_LABELS}
          />
          <form.SubmitButton className={actionClassName('primary')} allowWhileInvalid>
            {PROFILE_TEXT.changePasswordButton}
          </form.SubmitButton>
          <FormMessage message={message} />
        </form.Form>
      </form.AppForm>
    </SettingsPanel>
  );
}
