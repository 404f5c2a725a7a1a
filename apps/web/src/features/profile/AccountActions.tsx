/**
 * The account-wide actions: sign out everywhere, and delete the account. Each asks for the password (the
 * server checks it); deleting also asks to type DELETE. Both end this browser's session too, and the
 * dashboard then leads to the sign-in page.
 */
import { confirmPasswordRequestSchema } from '@lectio/contracts/profile';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '~/components/PasswordField';
import { TextField } from '~/components/TextField';
import { actionClassName } from '~/components/ui/ui-classes';
import { endSession } from '~/lib/api';
import { toast } from '~/lib/toast';
import { FormMessage } from '../auth/FormMessage';
import { useValidatedForm } from '../auth/use-validated-form';
import { formFailure } from './form-failure';
import { deleteAccount, signOutEverywhere } from './profile-api';
import { PROFILE_TEXT } from './profile-text';
import { SettingsPanel } from './SettingsPanel';

/** A form that sends the password to `action`, then ends the session here with the server's message. */
function usePasswordAction(action: (password: string) => Promise<{ message: string }>) {
  const form = useValidatedForm(confirmPasswordRequestSchema, { password: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(extraCheck: () => boolean = () => true) {
    form.markSubmitted();
    if (form.hasErrors || !extraCheck() || submitting) return;
    setSubmitting(true);
    setMessage(null);
    setServerError(null);
    try {
      const answer = await action(form.values.password);
      toast.success(answer.message);
      endSession('logout');
    } catch (error) {
      const failure = formFailure(error, ['password']);
      setServerError(failure.fields.password ?? null);
      setMessage(failure.message);
      setSubmitting(false);
    }
  }

  const passwordField = (id: string, label: string) => (
    <PasswordField
      id={id}
      label={label}
      autoComplete="current-password"
      value={form.values.password}
      onValueChange={(value) => {
        setServerError(null);
        form.setValue('password', value);
      }}
      onBlur={() => form.touch('password')}
      error={serverError ?? form.visibleError('password')}
    />
  );

  return { submit, submitting, message, passwordField };
}

function SignOutEverywhere() {
  const action = usePasswordAction(signOutEverywhere);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.submit();
  }
  return (
    <SettingsPanel
      id="profile-sessions"
      title={PROFILE_TEXT.sessionsHeading}
      intro={PROFILE_TEXT.sessionsIntro}
    >
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4" aria-busy={action.submitting}>
        {action.passwordField('profile-sessions-password', PROFILE_TEXT.sessionsPasswordLabel)}
        <button type="submit" disabled={action.submitting} className={actionClassName('secondary')}>
          {PROFILE_TEXT.signOutEverywhereButton}
        </button>
        <FormMessage message={action.message} />
      </form>
    </SettingsPanel>
  );
}

function DeleteAccount() {
  const action = usePasswordAction(deleteAccount);
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState(false);
  const confirmed = typed.trim() === PROFILE_TEXT.confirmWord;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    void action.submit(() => confirmed);
  }
  return (
    <SettingsPanel
      id="profile-delete"
      title={PROFILE_TEXT.deleteHeading}
      intro={PROFILE_TEXT.deleteIntro}
      tone="danger"
    >
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4" aria-busy={action.submitting}>
        {action.passwordField('profile-delete-password', PROFILE_TEXT.deletePasswordLabel)}
        <TextField
          id="profile-delete-confirm"
          label={PROFILE_TEXT.confirmLabel}
          autoComplete="off"
          value={typed}
          onValueChange={setTyped}
          onBlur={() => setChecked(true)}
          error={checked && !confirmed ? PROFILE_TEXT.confirmMismatch : undefined}
        />
        <button type="submit" disabled={action.submitting} className={actionClassName('danger')}>
          {PROFILE_TEXT.deleteButton}
        </button>
        <FormMessage message={action.message} />
      </form>
    </SettingsPanel>
  );
}

export function AccountActions() {
  return (
    <>
      <SignOutEverywhere />
      <DeleteAccount />
    </>
  );
}
