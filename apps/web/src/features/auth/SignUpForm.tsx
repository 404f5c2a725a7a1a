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
import { type FormEvent, useState } from 'react';
import { primaryButtonClassName } from '~/components/Button';
import { PasswordField } from '~/components/PasswordField';
import { TextField } from '~/components/TextField';
import { errorMessage, serverFailure } from '~/lib/api-errors';
import { signIn, signUp } from '~/lib/auth';
import { toast } from '~/lib/toast';
import { AuthCard, linkClassName } from './AuthCard';
import { AUTH_TEXT } from './auth-text';
import { FormMessage } from './FormMessage';
import './sign-in-notice';
import { useValidatedForm } from './use-validated-form';

export function SignUpForm() {
  const navigate = useNavigate();
  const form = useValidatedForm(signupRequestSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.markSubmitted();
    if (form.hasErrors || submitting) return;
    setSubmitting(true);
    setServerMessage(null);
    let credentials: { email: string; password: string };
    try {
      const { name, email, password, confirmPassword } = signupRequestSchema.parse(form.values);
      await signUp({ name, email, password, confirmPassword });
      credentials = { email, password };
    } catch (error) {
      setServerMessage(displayServerMessage(errorMessage(error)));
      setSubmitting(false);
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
  }

  return (
    <AuthCard title={AUTH_TEXT.signUpTitle}>
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={submitting}>
        <TextField
          id="signup-name"
          label={AUTH_TEXT.nameLabel}
          autoComplete="name"
          value={form.values.name}
          onValueChange={(value) => form.setValue('name', value)}
          onBlur={() => form.touch('name')}
          error={form.visibleError('name')}
        />
        <TextField
          id="signup-email"
          label={AUTH_TEXT.emailLabel}
          type="email"
          autoComplete="email"
          value={form.values.email}
          onValueChange={(value) => form.setValue('email', value)}
          onBlur={() => form.touch('email')}
          error={form.visibleError('email')}
        />
        <PasswordField
          id="signup-password"
          label={AUTH_TEXT.passwordLabel}
          autoComplete="new-password"
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          onBlur={() => form.touch('password')}
          error={form.visibleError('password')}
        />
        <PasswordField
          id="signup-confirm-password"
          label={AUTH_TEXT.confirmPasswordLabel}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValueChange={(value) => form.setValue('confirmPassword', value)}
          onBlur={() => form.touch('confirmPassword')}
          error={form.visibleError('confirmPassword')}
        />
        <button type="submit" disabled={form.hasErrors || submitting} className={primaryButtonClassName}>
          {AUTH_TEXT.signUpButton}
        </button>
        <FormMessage message={serverMessage} />
      </form>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        {AUTH_TEXT.haveAccount}{' '}
        <Link to="/signin" className={linkClassName}>
          {AUTH_TEXT.signInLink}
        </Link>
      </p>
    </AuthCard>
  );
}
