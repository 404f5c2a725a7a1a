/**
 * Sign-up (spec sections 2 and 5): validated with the contract's sign-up schema; on failure the server's
 * message under the form. On success the spec's toast, then the new user is signed in with the same
 * credentials through `signIn`, the one path that starts a session (refresh cookie, login throttle), and
 * lands where sign-in sends their role. Should that sign-in fail, the account still exists: the sign-in
 * form opens with the e-mail filled in and says why.
 */
import { signupRequestSchema } from '@lectio/contracts/auth';
import { AUTH_MESSAGES, displayServerMessage } from '@lectio/contracts/messages';
import { returnPathAfterSignIn } from '@lectio/contracts/navigation';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { errorMessage, serverFailure } from '~/lib/api-errors';
import { signIn, signUp } from '~/lib/auth';
import { toast } from '~/lib/toast';
import { AuthCard, AuthCardLinks, CardLink } from './AuthCard';
import { NEW_ACCOUNT_DEFAULTS, NEW_ACCOUNT_FIELDS, NewAccountFields } from './account-fields';
import { AUTH_TEXT } from './auth-text';
import './sign-in-notice';

export function SignUpForm() {
  const navigate = useNavigate();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(signupRequestSchema, NEW_ACCOUNT_DEFAULTS),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      let credentials: { email: string; password: string };
      try {
        const { name, email, password, confirmPassword } = signupRequestSchema.parse(value);
        await signUp({ name, email, password, confirmPassword });
        credentials = { email, password };
      } catch (error) {
        const message = applyServerErrors(formApi, error);
        setServerMessage(message === null ? null : displayServerMessage(message));
        return;
      }
      toast.success(AUTH_MESSAGES.accountCreated);
      try {
        const session = await signIn(credentials);
        await navigate({ href: returnPathAfterSignIn(undefined, session.role), replace: true });
      } catch (error) {
        // Refused credentials right after sign-up: the address had an account, whose owner was e-mailed.
        const notice =
          serverFailure(error)?.status === 401
            ? AUTH_MESSAGES.signUpCheckEmail
            : AUTH_MESSAGES.signInAfterSignUpFailed(displayServerMessage(errorMessage(error)));
        await navigate({
          to: '/signin',
          replace: true,
          state: {
            signInNotice: notice,
            signInEmail: credentials.email,
          },
        });
      }
    },
  });

  return (
    <AuthCard title={AUTH_TEXT.signUpTitle}>
      <FormShell form={form} submit={AUTH_TEXT.signUpButton} message={serverMessage}>
        <NewAccountFields form={form} fields={NEW_ACCOUNT_FIELDS} idPrefix="signup" />
      </FormShell>
      <AuthCardLinks>
        <CardLink lead={AUTH_TEXT.haveAccount} link={{ to: '/signin' }}>
          {AUTH_TEXT.signInLink}
        </CardLink>
      </AuthCardLinks>
    </AuthCard>
  );
}
