/**
 * /verify-email?token=... (docs/decisions/0035-mail-and-account-tokens.md): verifies on open, once (a
 * StrictMode remount must not spend the link twice), then says so. A signed-in viewer's session is
 * refreshed from auth.me, so the dashboard's banner goes at once. A refused link (expired, used, made up)
 * says so, with a new link one click away for a signed-in, unverified viewer.
 */
import { ACCOUNT_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { primaryButtonClassName } from '~/components/Button';
import { FormMessage } from '~/components/ui/form/FormMessage';
import { AuthCard, CardStatus, linkClassName } from '~/features/auth/AuthCard';
import { errorMessage } from '~/lib/api-errors';
import { sectionBase, sectionHomeLink } from '~/lib/links';
import { updateSessionUser, useSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { ACCOUNT_TEXT } from './account-text';

export function VerifyEmailPage({ token }: { token?: string | undefined }) {
  const queryClient = useQueryClient();
  const { user, role } = useSession();
  const verify = useMutation(trpc.account.verifyEmail.mutationOptions());
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify.mutate]);

  // Signed in (now or once the start-up session check ends): show the account as it is now.
  const userId = user?._id;
  useEffect(() => {
    if (!verify.isSuccess || !userId) return;
    void queryClient
      .fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: 0 })
      .then(({ user: fresh }) => updateSessionUser(fresh))
      .catch(() => undefined);
  }, [verify.isSuccess, userId, queryClient]);

  const next = user ? (
    <Link {...sectionHomeLink(sectionBase(role))} className={linkClassName}>
      {ACCOUNT_TEXT.goToDashboard}
    </Link>
  ) : (
    <Link to="/signin" className={linkClassName}>
      {ACCOUNT_TEXT.signIn}
    </Link>
  );

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <AuthCard title={ACCOUNT_TEXT.verifyTitle}>
        <CardStatus>{ACCOUNT_TEXT.verifying}</CardStatus>
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard title={ACCOUNT_TEXT.verifiedTitle}>
        <CardStatus>{verify.data.message}</CardStatus>
        <p className="mt-6">{next}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={ACCOUNT_TEXT.linkProblemTitle}>
      <FormMessage message={token ? errorMessage(verify.error) : ACCOUNT_TEXT.missingLink} />
      <div className="mt-4">
        <NewLink>{next}</NewLink>
      </div>
    </AuthCard>
  );
}

/** What a refused link leaves the viewer: a new one (signed in, unverified), or the way to get one. */
function NewLink({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const resend = useMutation(trpc.account.resendVerification.mutationOptions());
  if (!user)
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <Link to="/signin" className={linkClassName}>
          {ACCOUNT_TEXT.signInToResend}
        </Link>
      </p>
    );
  if (user.emailVerified)
    return (
      <div className="space-y-4">
        <p className="text-slate-700 dark:text-slate-300">{ACCOUNT_MESSAGES.alreadyVerified}</p>
        <p>{children}</p>
      </div>
    );
  return (
    <div className="space-y-4">
      {resend.isSuccess ? (
        <CardStatus>{resend.data.message}</CardStatus>
      ) : (
        <button
          type="button"
          className={primaryButtonClassName}
          disabled={resend.isPending}
          onClick={() => resend.mutate({})}
        >
          {ACCOUNT_TEXT.resend}
        </button>
      )}
      {resend.isError ? <FormMessage message={errorMessage(resend.error)} /> : null}
      <p>{children}</p>
    </div>
  );
}
