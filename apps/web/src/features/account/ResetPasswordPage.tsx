/**
 * /reset-password (docs/decisions/0035-mail-and-account-tokens.md). Without a token: the request form,
 * which always ends with the same message whether or not an account has the address. With `?token=`
 * (the link in the e-mail): the new-password form, with the sign-up rules and messages; on success a
 * toast and the sign-in page. A refused link says so and offers to ask for a new one. Both forms are
 * validated with the contracts' schemas.
 */
import { requestPasswordResetSchema, resetPasswordRequestSchema } from '@lectio/contracts/account';
import { ACCOUNT_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { primaryButtonClassName } from '~/components/Button';
import { PasswordField } from '~/components/PasswordField';
import { TextField } from '~/components/TextField';
import { AuthCard, linkClassName } from '~/features/auth/AuthCard';
import { AUTH_TEXT } from '~/features/auth/auth-text';
import { FormMessage } from '~/features/auth/FormMessage';
import { useValidatedForm } from '~/features/auth/use-validated-form';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ACCOUNT_TEXT } from './account-text';

export function ResetPasswordPage({ token }: { token?: string | undefined }) {
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}

function BackToSignIn() {
  return (
    <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
      <Link to="/signin" className={linkClassName}>
        {ACCOUNT_TEXT.backToSignIn}
      </Link>
    </p>
  );
}

/** The installation's word that reset links are not e-mailed (no mail server): whom to ask instead. */
function MailNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p
      role="note"
      className="mb-6 mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {notice}
    </p>
  );
}

function RequestResetForm() {
  const form = useValidatedForm(requestPasswordResetSchema, { email: '' });
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  // Without a mail server the link goes to a file for the operator: say so (decision 0047).
  const mailNotice = useQuery(trpc.account.mailDelivery.queryOptions()).data?.notice ?? null;
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.markSubmitted();
    if (form.hasErrors || request.isPending) return;
    setServerMessage(null);
    try {
      const { message } = await request.mutateAsync(requestPasswordResetSchema.parse(form.values));
      setSentMessage(message);
    } catch (error) {
      setServerMessage(errorMessage(error));
    }
  }

  if (sentMessage) {
    return (
      <AuthCard title={ACCOUNT_TEXT.checkInbox}>
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {sentMessage}
        </p>
        <MailNotice notice={mailNotice} />
        <BackToSignIn />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={ACCOUNT_TEXT.resetTitle}>
      <p className="mb-6 text-slate-700 dark:text-slate-300">{ACCOUNT_TEXT.resetIntro}</p>
      <MailNotice notice={mailNotice} />
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={request.isPending}>
        <TextField
          id="reset-email"
          label={AUTH_TEXT.emailLabel}
          type="email"
          autoComplete="email"
          value={form.values.email}
          onValueChange={(value) => form.setValue('email', value)}
          onBlur={() => form.touch('email')}
          error={form.visibleError('email')}
        />
        <button
          type="submit"
          disabled={form.hasErrors || request.isPending}
          className={primaryButtonClassName}
        >
          {request.isPending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.sendLink}
        </button>
        <FormMessage message={serverMessage} />
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useValidatedForm(resetPasswordRequestSchema, { token, password: '', confirmPassword: '' });
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.markSubmitted();
    if (form.hasErrors || reset.isPending) return;
    setServerMessage(null);
    try {
      await reset.mutateAsync(resetPasswordRequestSchema.parse(form.values));
    } catch (error) {
      const message = errorMessage(error);
      setServerMessage(message);
      setLinkRefused(message === ACCOUNT_MESSAGES.resetLinkInvalid);
      return;
    }
    toast.success(ACCOUNT_MESSAGES.passwordReset);
    await navigate({ to: '/signin', replace: true });
  }

  // A link whose token can't even be sent (too long, a NUL): refused as the server would refuse it.
  if (form.errors.token) {
    return (
      <AuthCard title={ACCOUNT_TEXT.linkProblemTitle}>
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {ACCOUNT_MESSAGES.resetLinkInvalid}
        </p>
        <AskAgain />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={ACCOUNT_TEXT.newPasswordTitle}>
      <p className="mb-6 text-slate-700 dark:text-slate-300">{ACCOUNT_TEXT.newPasswordIntro}</p>
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={reset.isPending}>
        <PasswordField
          id="reset-password"
          label={ACCOUNT_TEXT.newPasswordLabel}
          autoComplete="new-password"
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          onBlur={() => form.touch('password')}
          error={form.visibleError('password')}
        />
        <PasswordField
          id="reset-confirm-password"
          label={AUTH_TEXT.confirmPasswordLabel}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValueChange={(value) => form.setValue('confirmPassword', value)}
          onBlur={() => form.touch('confirmPassword')}
          error={form.visibleError('confirmPassword')}
        />
        <button type="submit" disabled={form.hasErrors || reset.isPending} className={primaryButtonClassName}>
          {ACCOUNT_TEXT.setPassword}
        </button>
        <FormMessage message={serverMessage} />
      </form>
      {linkRefused ? <AskAgain /> : <BackToSignIn />}
    </AuthCard>
  );
}

function AskAgain() {
  return (
    <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
      <Link to="/reset-password" search={{}} className={linkClassName}>
        {ACCOUNT_TEXT.askAgain}
      </Link>
    </p>
  );
}
