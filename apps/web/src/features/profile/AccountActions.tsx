/**
 * The account-wide actions: sign out everywhere, and delete the account. Each asks for the password (the
 * server checks it); deleting also asks to type DELETE. Both end this browser's session too, and the
 * dashboard then leads to the sign-in page.
 */
import { confirmPasswordRequestSchema } from '@lectio/contracts/profile';
import { useState } from 'react';
import { z } from 'zod';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { actionClassName } from '~/components/ui/ui-classes';
import { endSession } from '~/lib/api';
import { toast } from '~/lib/toast';
import { FormMessage } from '../auth/FormMessage';
import { deleteAccount, signOutEverywhere } from './profile-api';
import { PROFILE_TEXT } from './profile-text';
import { SettingsPanel } from './SettingsPanel';

/**
 * Deleting asks for the password (the contract's rule) and for the word typed out, a check of this
 * screen's own that never reaches the server.
 */
const deleteAccountFormSchema = confirmPasswordRequestSchema.extend({
  confirm: z
    .string()
    .refine((typed) => typed.trim() === PROFILE_TEXT.confirmWord, PROFILE_TEXT.confirmMismatch),
});

/** Sends the password to `action`, then ends the session here with the server's message. */
function usePasswordAction(action: (password: string) => Promise<{ message: string }>) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    onSubmit: async ({
      value,
      formApi,
    }: {
      value: { password: string };
      formApi: Parameters<typeof applyServerErrors>[0];
    }) => {
      setMessage(null);
      try {
        const answer = await action(value.password);
        toast.success(answer.message);
        endSession('logout');
      } catch (error) {
        setMessage(applyServerErrors(formApi, error));
      }
    },
  };
}

function SignOutEverywhere() {
  const action = usePasswordAction(signOutEverywhere);
  const form = useAppForm({
    ...schemaForm(confirmPasswordRequestSchema, { password: '' }),
    onSubmit: action.onSubmit,
  });
  return (
    <SettingsPanel
      id="profile-sessions"
      title={PROFILE_TEXT.sessionsHeading}
      intro={PROFILE_TEXT.sessionsIntro}
    >
      <form.AppForm>
        <form.Form className="max-w-md space-y-4">
          <form.AppField name="password">
            {(field) => (
              <field.PasswordField
                id="profile-sessions-password"
                label={PROFILE_TEXT.sessionsPasswordLabel}
                autoComplete="current-password"
              />
            )}
          </form.AppField>
          <form.SubmitButton className={actionClassName('secondary')} allowWhileInvalid>
            {PROFILE_TEXT.signOutEverywhereButton}
          </form.SubmitButton>
          <FormMessage message={action.message} />
        </form.Form>
      </form.AppForm>
    </SettingsPanel>
  );
}

function DeleteAccount() {
  const action = usePasswordAction(deleteAccount);
  const form = useAppForm({
    ...schemaForm(deleteAccountFormSchema, { password: '', confirm: '' }),
    onSubmit: action.onSubmit,
  });
  return (
    <SettingsPanel
      id="profile-delete"
      title={PROFILE_TEXT.deleteHeading}
      intro={PROFILE_TEXT.deleteIntro}
      tone="danger"
    >
      <form.AppForm>
        <form.Form className="max-w-md space-y-4">
          <form.AppField name="password">
            {(field) => (
              <field.PasswordField
                id="profile-delete-password"
                label={PROFILE_TEXT.deletePasswordLabel}
                autoComplete="current-password"
              />
            )}
          </form.AppField>
          <form.AppField name="confirm">
            {(field) => (
              <field.TextField
                id="profile-delete-confirm"
                label={PROFILE_TEXT.confirmLabel}
                autoComplete="off"
              />
            )}
          </form.AppField>
          <form.SubmitButton className={actionClassName('danger')} allowWhileInvalid>
            {PROFILE_TEXT.deleteButton}
          </form.SubmitButton>
          <FormMessage message={action.message} />
        </form.Form>
      </form.AppForm>
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
