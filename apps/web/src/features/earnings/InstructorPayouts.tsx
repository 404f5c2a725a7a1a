/**
 * The Payouts section of the instructor's earnings page (issue 14, item 2): the payout account's state
 * and the way to set it up or finish it (`payouts.startOnboarding`, then the provider's onboarding page),
 * and the instructor's payouts. Coming back from the onboarding (`?onboarding=return`, or `=refresh` when
 * the link expired) the account is read again from the provider (`payouts.account`); otherwise the state
 * is the one `earnings.instructor` answered.
 */
import type { InstructorEarnings } from '@lectio/contracts/earnings';
import type { ONBOARDING_RETURN } from '@lectio/contracts/route-search';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Card } from '~/components/ui/Card';
import { actionClassName, errorTextClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { trpc } from '~/lib/trpc';
import { payoutAccountQuery } from './earnings-queries';
import { PAYOUTS_TEXT } from './earnings-text';
import { leaveFor } from './leave-for';
import { PayoutHistory } from './PayoutHistory';

export type OnboardingReturn = (typeof ONBOARDING_RETURN)[number];
type AccountSummary = InstructorEarnings['payoutAccount'];

const bodyClassName = 'text-slate-700 dark:text-slate-300';

function OnboardingButton({ label }: { label: string }) {
  const start = useMutation(
    trpc.payouts.startOnboarding.mutationOptions({ onSuccess: (result) => leaveFor(result.url) }),
  );
  // After success the browser is on its way to the provider: the button stays busy.
  const busy = start.isPending || start.isSuccess;
  return (
    <div className="mt-3 space-y-2">
      <button
        type="button"
        disabled={busy}
        onClick={() => start.mutate({})}
        className={actionClassName('primary')}
      >
        {busy ? PAYOUTS_TEXT.opening : label}
      </button>
      {start.isError ? (
        <p role="alert" className={errorTextClassName}>
          {errorMessage(start.error)}
        </p>
      ) : null}
    </div>
  );
}

function AccountState({ account, expired }: { account: AccountSummary; expired: boolean }) {
  if (account?.status === 'active' && account.payoutsEnabled) {
    return (
      <div>
        <p className="font-medium text-emerald-700 dark:text-emerald-400">
          <span aria-hidden="true">✓ </span>
          {PAYOUTS_TEXT.active}
        </p>
        <p className={`mt-1 ${bodyClassName}`}>{PAYOUTS_TEXT.activeBody}</p>
      </div>
    );
  }
  const body = !account
    ? PAYOUTS_TEXT.explain
    : account.status === 'onboarding'
      ? PAYOUTS_TEXT.onboardingBody
      : PAYOUTS_TEXT.restrictedBody;
  return (
    <div>
      {expired ? (
        <p className="mb-2 font-medium text-amber-800 dark:text-amber-300">{PAYOUTS_TEXT.linkExpired}</p>
      ) : null}
      <p className={bodyClassName}>{body}</p>
      <OnboardingButton label={account ? PAYOUTS_TEXT.finish : PAYOUTS_TEXT.setUp} />
    </div>
  );
}

/** The account from the provider when coming back from its onboarding, else the earnings' summary. */
function PayoutAccount({ summary, onboarding }: { summary: AccountSummary; onboarding?: OnboardingReturn }) {
  const fresh = useQuery(payoutAccountQuery(onboarding !== undefined));
  if (onboarding === undefined) return <AccountState account={summary} expired={false} />;
  if (fresh.isPending) {
    return (
      <p role="status" className={bodyClassName}>
        {PAYOUTS_TEXT.checking}
      </p>
    );
  }
  return (
    <>
      {fresh.isError ? (
        <p role="alert" className={`mb-2 ${errorTextClassName}`}>
          {errorMessage(fresh.error)}
        </p>
      ) : null}
      <AccountState account={fresh.data ? fresh.data.account : summary} expired={onboarding === 'refresh'} />
    </>
  );
}

export function InstructorPayouts({
  summary,
  onboarding,
}: {
  summary: AccountSummary;
  onboarding?: OnboardingReturn;
}) {
  return (
    <Card title={PAYOUTS_TEXT.title}>
      <PayoutAccount summary={summary} onboarding={onboarding} />
      <h3 className="mt-6 mb-2 font-semibold">{PAYOUTS_TEXT.history}</h3>
      <PayoutHistory view="instructor" />
    </Card>
  );
}
