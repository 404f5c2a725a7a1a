/**
 * The dashboard's reminder to verify the e-mail address (docs/decisions/0035): shown while the signed-in
 * user's address is unverified, until dismissed (for this visit of the dashboard). Unverified accounts
 * can do everything else, so it only asks; "Send a new link" queues another verification e-mail.
 */
import { ACCOUNT_MESSAGES } from '@lectio/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '~/lib/api-errors';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ACCOUNT_TEXT } from './account-text';

export function EmailVerificationBanner() {
  const { user } = useSession();
  const [dismissed, setDismissed] = useState(false);
  const resend = useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  if (!user || user.emailVerified || dismissed) return null;

  return (
    <section
      aria-label={ACCOUNT_TEXT.bannerLabel}
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="min-w-0 flex-1 basis-64 text-sm">{ACCOUNT_MESSAGES.verifyBanner}</p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate({})}
          className="rounded-md border border-amber-600 bg-white px-3 py-1.5 text-sm font-semibold text-amber-950 hover:bg-amber-100 disabled:cursor-not-allowed disabled:opacity-70 dark:border-amber-500 dark:bg-amber-900 dark:text-amber-50 dark:hover:bg-amber-800"
        >
          {resend.isSuccess ? ACCOUNT_TEXT.resent : ACCOUNT_TEXT.resend}
        </button>
        <button
          type="button"
          aria-label={ACCOUNT_TEXT.dismissBanner}
          onClick={() => setDismissed(true)}
          className="rounded-md p-1.5 text-amber-950 hover:bg-amber-100 dark:text-amber-50 dark:hover:bg-amber-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </section>
  );
}
