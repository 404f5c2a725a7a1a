/**
 * The account-wide actions: sign out everywhere, and delete the account. Each asks for the password (the
 * server checks it); deleting also asks to type DELETE. Both end this browser's session too, and the
 * dashboard then leads to the sign-in page.
 */
import { confirmPasswordRequestSchema } from '@lectio/contracts/profile';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { AccountPasswordField, PASSWORD_FIELD } from '~/features/auth/account-fields';
import { endSession } from '~/lib/api';
import { toast } from '~/lib/toast';
import { deleteAccount, signOutEverywhere } from './profile-api';
import { PROFILE_TEXT } from './profile-text';
import { SettingsForm } from './SettingsPanel';

/** A panel's wording; `confirm` is the word to type out before the button acts (DELETE). */
interface PasswordActionText {
  heading: string;
  intro: string;
  passwordLabel: string;
  button: string;
  confirm?: { word: string; label: string; mismatch: string };
}

/**
 * The password (the contract's rule) and, where the panel asks for it, the word typed out: a check of
 * this screen's own that never reaches the server.
 */
function passwordActionSchema(confirm: PasswordActionText['confirm']) {
  return confirmPasswordRequestSchema.extend({
    confirm: z.string().refine((typed) => !confirm || typed.trim() === confirm.word, confirm?.mismatch),
  });
}

/** A panel that sends the password to `action`, then ends the session here with the server's message. */
function PasswordAction({
  id,
  text,
  tone = 'normal',
  button,
  action,
}: {
  id: string;
  text: PasswordActionText;
  tone?: 'normal' | 'danger';
  button: 'secondary' | 'danger';
  action: (password: string) => Promise<{ message: string }>;
}) {
  const { confirm } = text;
  const [message, setMessage] = useState<string | null>(null);
  const schema = useMemo(() => passwordActionSchema(confirm), [confirm]);
  const form = useAppForm({
    ...schemaForm(schema, { password: '', confirm: '' }),
    onSubmit: async ({ value, formApi }) => {
      setMessage(null);
      try {
        const answer = await action(value.password);
        toast.success(answer.message);
        endSession('logout');
      } catch (error) {
        setMessage(applyServerErrors(formApi, error));
      }
    },
  });
  return (
    <SettingsForm
      form={form}
      id={id}
      title={text.heading}
      intro={text.intro}
      tone={tone}
      submit={text.button}
      button={button}
      message={message}
    >
      <AccountPasswordField
        form={form}
        fields={PASSWORD_FIELD}
        id={`${id}-password`}
        label={text.passwordLabel}
      />
      {confirm ? (
        <form.AppField name="confirm">
          {(field) => <field.TextField id={`${id}-confirm`} label={confirm.label} autoComplete="off" />}
        </form.AppField>
      ) : null}
    </SettingsForm>
  );
}

export function AccountActions() {
  return (
    <>
      <PasswordAction
        id="profile-sessions"
        text={PROFILE_TEXT.sessions}
        button="secondary"
        action={signOutEverywhere}
      />
      <PasswordAction
        id="profile-delete"
        text={PROFILE_TEXT.deletion}
        tone="danger"
        button="danger"
        action={deleteAccount}
      />
    </>
  );
}
