/**
 * Change password: the current one, then the new one twice (the sign-up rules, from the contract). A
 * wrong current password comes back as the server's issue on that field. Other devices are signed out;
 * this one stays.
 */
import { changePasswordRequestSchema } from '@lectio/contracts/profile';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '~/components/PasswordField';
import { actionClassName } from '~/components/ui/ui-classes';
import { toast } from '~/lib/toast';
import { FormMessage } from '../auth/FormMessage';
import { useValidatedForm } from '../auth/use-validated-form';
import { formFailure } from './form-failure';
import { changePassword } from './profile-api';
import { PROFILE_TEXT } from './profile-text';
import { SettingsPanel } from './SettingsPanel';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

export function PasswordForm() {
  const [attempt, setAttempt] = useState(0);
  return <PasswordFormBody key={attempt} onChanged={() => setAttempt((n) => n + 1)} />;
}

/** Remounted (empty) after a successful change. */
function PasswordFormBody({ onChanged }: { onChanged: () => void }) {
  const form = useValidatedForm(changePasswordRequestSchema, EMPTY);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.markSubmitted();
    if (form.hasErrors || submitting) return;
    setSubmitting(true);
    setMessage(null);
    setServerErrors({});
    try {
      const answer = await changePassword(form.values);
      toast.success(answer.message);
      onChanged();
    } catch (error) {
      const failure = formFailure(error, FIELDS);
      setServerErrors(failure.fields);
      setMessage(failure.message);
      setSubmitting(false);
    }
  }

  const field = (name: Field, id: string, label: string, autoComplete: string) => (
    <PasswordField
      id={id}
      label={label}
      autoComplete={autoComplete}
      value={form.values[name]}
      onValueChange={(value) => {
        setServerErrors((current) => ({ ...current, [name]: undefined }));
        form.setValue(name, value);
      }}
      onBlur={() => form.touch(name)}
      error={serverErrors[name] ?? form.visibleError(name)}
    />
  );

  return (
    <SettingsPanel
      id="profile-password"
      title={PROFILE_TEXT.passwordHeading}
      intro={PROFILE_TEXT.passwordIntro}
    >
      <form noValidate onSubmit={handleSubmit} className="max-w-md space-y-4" aria-busy={submitting}>
        {field(
          'currentPassword',
          'profile-current-password',
          PROFILE_TEXT.currentPasswordLabel,
          'current-password',
        )}
        {field('password', 'profile-new-password', PROFILE_TEXT.newPasswordLabel, 'new-password')}
        {field(
          'confirmPassword',
          'profile-confirm-password',
          PROFILE_TEXT.confirmNewPasswordLabel,
          'new-password',
        )}
        <button type="submit" disabled={submitting} className={actionClassName('primary')}>
          {PROFILE_TEXT.changePasswordButton}
        </button>
        <FormMessage message={message} />
      </form>
    </SettingsPanel>
  );
}
