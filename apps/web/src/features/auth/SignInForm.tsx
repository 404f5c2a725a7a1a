/**
 * Sign-in (spec sections 2 and 5): validated with the contract's login schema, server failures shown under
 * the form, and on success the session is set, a welcome toast shown and the user sent back where they
 * came from. Sign-up sends a user here only when its own sign-in failed, with a notice and the e-mail.
 */
import { loginRequestSchema } from '@lectio/contracts/auth';
import { AUTH_MESSAGES, displayServerMessage, PAGE_TEXT } from '@lectio/contracts/messages';
import { returnPathAfterSignIn } from '@lectio/contracts/navigation';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { primaryButtonClassName } from '~/components/Button';
import { PasswordField } from '~/components/PasswordField';
import { TextField } from '~/components/TextField';
import { errorMessage } from '~/lib/api-errors';
import { signIn } from '~/lib/auth';
import { toast } from '~/lib/toast';
import { AuthCard, linkClassName } from './AuthCard';
import { AUTH_TEXT } from './auth-text';
import { FormMessage } from './FormMessage';
import './sign-in-notice';
import { useValidatedForm } from './use-validated-form';

interface SignInValues extends Record<string, string | boolean> {
  email: string;
  password: string;
  remember: boolean;
}

export function SignInForm({ from }: { from?: string | undefined }) {
  const navigate = useNavigate();
  // Sent by sign-up when the account was created but its automatic sign-in failed (sign-in-notice.ts).
  const { signInNotice, signInEmail } = useRouterState({ select: (state) => state.location.state });
  const form = useValidatedForm<SignInValues>(loginRequestSchema, {
    email: signInEmail ?? '',
    password: '',
    remember: false,
  });
  const [serverMessage, setServerMessage] = useState<string | null>(signInNotice ?? null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.markSubmitted();
    if (form.hasErrors || submitting) return;
    setSubmitting(true);
    setServerMessage(null);
    try {
      const session = await signIn(loginRequestSchema.parse(form.values));
      toast.success(AUTH_MESSAGES.welcomeBack(session.user.name));
      await navigate({ href: returnPathAfterSignIn(from, session.role), replace: true });
    } catch (error) {
      setServerMessage(displayServerMessage(errorMessage(error)));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={AUTH_TEXT.signInTitle}>
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={submitting}>
        <TextField
          id="signin-email"
          label={AUTH_TEXT.emailLabel}
          type="email"
          autoComplete="email"
          value={form.values.email}
          onValueChange={(value) => form.setValue('email', value)}
          onBlur={() => form.touch('email')}
          error={form.visibleError('email')}
        />
        <PasswordField
          id="signin-password"
          label={AUTH_TEXT.passwordLabel}
          autoComplete="current-password"
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          onBlur={() => form.touch('password')}
          error={form.visibleError('password')}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.values.remember}
              onChange={(event) => form.setValue('remember', event.target.checked)}
              className="h-4 w-4 rounded border-slate-400 accent-indigo-600"
            />
            {PAGE_TEXT.keepMeLoggedIn}
          </label>
          <Link to="/reset-password" className={linkClassName}>
            {PAGE_TEXT.forgotPassword}
          </Link>
        </div>
        <button type="submit" disabled={form.hasErrors || submitting} className={primaryButtonClassName}>
          {AUTH_TEXT.signInButton}
        </button>
        <FormMessage message={serverMessage} />
      </form>
      <div className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-300">
        <p>
          {AUTH_TEXT.noAccount}{' '}
          <Link to="/signup" className={linkClassName}>
            {AUTH_TEXT.signUpLink}
          </Link>
        </p>
        <p>
          <Link to="/" className={linkClassName}>
            {PAGE_TEXT.backToHome}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
