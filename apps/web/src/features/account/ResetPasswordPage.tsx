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
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { AuthCard, AuthCardLinks, CardLink, CardStatus } from '~/features/auth/AuthCard';
import {
  EMAIL_FIELD,
  EmailField,
  NEW_PASSWORD_FIELDS,
  NewPasswordPair,
} from '~/features/auth/account-fields';
import { AUTH_TEXT } from '~/features/auth/auth-text';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ACCOUNT_TEXT } from './account-text';

export function ResetPasswordPage({ token }: { token?: string | undefined }) {
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}

function BackToSignIn() {
  return (
    <AuthCardLinks>
      <CardLink link={{ to: '/signin' }}>{ACCOUNT_TEXT.backToSignIn}</CardLink>
    </AuthCardLinks>
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
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  // Without a mail server the link goes to a file for the operator: say so (decision 0047).
  const mailNotice = useQuery(trpc.account.mailDelivery.queryOptions()).data?.notice ?? null;
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(requestPasswordResetSchema, { email: '' }),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      try {
        const { message } = await request.mutateAsync(requestPasswordResetSchema.parse(value));
        setSentMessage(message);
      } catch (error) {
        setServerMessage(applyServerErrors(formApi, error));
      }
    },
  });

  if (sentMessage) {
    return (
      <AuthCard title={ACCOUNT_TEXT.checkInbox}>
        <CardStatus>{sentMessage}</CardStatus>
        <MailNotice notice={mailNotice} />
        <BackToSignIn />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={ACCOUNT_TEXT.resetTitle}>
      <p className="mb-6 text-slate-700 dark:text-slate-300">{ACCOUNT_TEXT.resetIntro}</p>
      <MailNotice notice={mailNotice} />
      <FormShell
        form={form}
        submit={request.isPending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.sendLink}
        message={serverMessage}
      >
        <EmailField form={form} fields={EMAIL_FIELD} id="reset-email" />
      </FormShell>
      <BackToSignIn />
    </AuthCard>
  );
}

/** The reset form's labels: 'New Password' and 'Confirm Password'. */
const RESET_LABELS = { password: ACCOUNT_TEXT.newPasswordLabel, confirm: AUTH_TEXT.confirmPasswordLabel };

function NewPasswordForm({ token }: { token: string }) {
  // A link whose token can't even be sent (too long, a NUL): refused as the server would refuse it.
  if (!resetPasswordRequestSchema.shape.token.safeParse(token).success) {
    return (
      <AuthCard title={ACCOUNT_TEXT.linkProblemTitle}>
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {ACCOUNT_MESSAGES.resetLinkInvalid}
        </p>
        <AskAgain />
      </AuthCard>
    );
  }
  return <NewPasswordFields token={token} />;
}

function NewPasswordFields({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  const form = useAppForm({
    ...schemaForm(resetPasswordRequestSchema, { token, password: '', confirmPassword: '' }),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      try {
        await reset.mutateAsync(resetPasswordRequestSchema.parse(value));
      } catch (error) {
        const message = applyServerErrors(formApi, error);
        setServerMessage(message);
        setLinkRefused(message === ACCOUNT_MESSAGES.resetLinkInvalid);
        return;
      }
      toast.success(ACCOUNT_MESSAGES.passwordReset);
      await navigate({ to: '/signin', replace: true });
    },
  });

  return (
    <AuthCard title={ACCOUNT_TEXT.newPasswordTitle}>
      <p className="mb-6 text-slate-700 dark:text-slate-300">{ACCOUNT_TEXT.newPasswordIntro}</p>
      <FormShell form={form} submit={ACCOUNT_TEXT.setPassword} message={serverMessage}>
        <NewPasswordPair form={form} fields={NEW_PASSWORD_FIELDS} idPrefix="reset" labels={RESET_LABELS} />
      </FormShell>
      {linkRefused ? <AskAgain /> : <BackToSignIn />}
    </AuthCard>
  );
}

function AskAgain() {
  return (
    <AuthCardLinks>
      <CardLink link={{ to: '/reset-password', search: {} }}>{ACCOUNT_TEXT.askAgain}</CardLink>
    </AuthCardLinks>
  );
}
