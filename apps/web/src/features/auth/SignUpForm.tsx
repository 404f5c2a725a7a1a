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
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { errorMessage, serverFailure } from '~/lib/api-errors';
import { signIn, signUp } from '~/lib/auth';
import { toast } from '~/lib/toast';
import { AuthCard, linkClassName } from './AuthCard';
import { AUTH_TEXT } from './auth-text';
import { FormMessage } from './FormMessage';
import './sign-in-notice';
import { NEW_PASSWORD_FIELDS, NewPasswordPair, PASSWORD_LABELS } from './NewPasswordPair';

export function SignUpForm() {
  const navigate = useNavigate();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(signupRequestSchema, { name: '', email: '', password: '', confirmPassword: '' }),
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
      <form.AppForm>
        <form.Form className="space-y-4">
          <form.AppField name="name">
            {(field) => <field.TextField id="signup-name" label={AUTH_TEXT.nameLabel} autoComplete="name" />}
          </form.AppField>
          <form.AppField name="email">
            {(field) => (
              <field.TextField
                id="signup-email"
                label={AUTH_TEXT.emailLabel}
                type="email"
                autoComplete="email"
              />
            )}
          </form.AppField>
          <NewPasswordPair
            form={form}
            fields={NEW_PASSWORD_FIELDS}
            idPrefix="signup"
            labels={PASSWORD_LABELS}
          />
          <form.SubmitButton>{AUTH_TEXT.signUpButton}</form.SubmitButton>
          <FormMessage message={serverMessage} />
        </form.Form>
      </form.AppForm>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        {AUTH_TEXT.haveAccount}{' '}
        <Link to="/signin" className={linkClassName}>
          {AUTH_TEXT.signInLink}
        </Link>
      </p>
    </AuthCard>
  );
}
