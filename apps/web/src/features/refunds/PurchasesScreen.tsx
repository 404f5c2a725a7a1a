/**
 * /dashboard/purchases (students; decision 0040): every purchase with its course, amount, date and state,
 * the refund it has had or the request waiting for a decision, and "Request a refund" when the rules allow
 * it (within the refund window, under the progress limit, no open request), or the reason they don't.
 */

import type { Purchase } from '@lectio/contracts/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { QueryState } from '~/components/QueryState';
import {
  actionClassName,
  errorTextClassName,
  fieldClassName,
  labelClassName,
  panelClassName,
} from '~/components/ui/ui-classes';
import { formErrorMessage } from '~/lib/api-errors';
import { courseLink, sectionBase, sectionCoursesLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ReceiptButton } from './ReceiptButton';
import { PurchaseStateBadge } from './RefundBadge';
import { formatDay, formatMoney } from './refund-format';
import { invalidateAfterRefund, myPurchasesQuery } from './refund-queries';
import { PURCHASES_TEXT } from './refund-text';

function RefundLine({ purchase }: { purchase: Purchase }) {
  const refund = purchase.refund;
  if (!refund) return null;
  const money = formatMoney(refund.amount, purchase.currency);
  const text =
    refund.status === 'requested'
      ? PURCHASES_TEXT.refundRequested(formatDay(refund.createdAt))
      : refund.status === 'declined'
        ? PURCHASES_TEXT.refundDeclined(refund.declineReason ?? '')
        : refund.status === 'succeeded'
          ? PURCHASES_TEXT.refundSucceeded(money)
          : refund.status === 'pending'
            ? PURCHASES_TEXT.refundPending(money)
            : PURCHASES_TEXT.refundFailed;
  return <p className="text-sm text-slate-800 dark:text-slate-200">{text}</p>;
}

/** Whether the refund line already says why no new request can be made (refunded, or one waiting or under way). */
function refundShown(purchase: Purchase): boolean {
  const status = purchase.refund?.status;
  return purchase.state === 'refunded' || status === 'requested' || status === 'pending';
}

function RequestRefundForm({ purchase, onDone }: { purchase: Purchase; onDone: () => void }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useMutation(
    trpc.refunds.request.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await invalidateAfterRefund(queryClient);
        onDone();
      },
      onError: (failure) => setError(formErrorMessage(failure)),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    request.mutate({ paymentId: purchase.paymentId, reason });
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="space-y-1">
        <label htmlFor={reasonId} className={labelClassName}>
          {PURCHASES_TEXT.reasonLabel}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={500}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={fieldClassName}
        />
        {error ? (
          <p id={errorId} role="alert" className={errorTextClassName}>
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={request.isPending} className={actionClassName('primary', 'small')}>
          {request.isPending ? PURCHASES_TEXT.sending : PURCHASES_TEXT.send}
        </button>
        <button type="button" onClick={onDone} className={actionClassName('secondary', 'small')}>
          {PURCHASES_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}

function PurchaseItem({ purchase }: { purchase: Purchase }) {
  const { user } = useSession();
  const base = sectionBase(user?.role);
  const headingId = `purchase-${purchase.paymentId}`;
  const [asking, setAsking] = useState(false);
  const title = purchase.course.title;
  return (
    <li>
      <article aria-labelledby={headingId} className={`${panelClassName} space-y-3`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h2
              id={headingId}
              className="break-words text-lg font-semibold text-slate-900 dark:text-slate-100"
            >
              {purchase.course._id ? (
                <Link
                  {...courseLink(base, purchase.course._id)}
                  className="text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {title}
                </Link>
              ) : (
                title
              )}
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <time dateTime={purchase.createdAt}>
                {PURCHASES_TEXT.paidOn(formatDay(purchase.createdAt))}
              </time>{' '}
              · <span>{formatMoney(purchase.amount, purchase.currency)}</span>
              {purchase.refunded > 0 ? (
                <> · {PURCHASES_TEXT.refunded(formatMoney(purchase.refunded, purchase.currency))}</>
              ) : null}
            </p>
          </div>
          <PurchaseStateBadge state={purchase.state} />
        </div>
        <RefundLine purchase={purchase} />
        {purchase.canRequestRefund && asking ? (
          <RequestRefundForm purchase={purchase} onDone={() => setAsking(false)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <ReceiptButton
              paymentId={purchase.paymentId}
              title={title}
              className={actionClassName('secondary', 'small')}
            />
            {purchase.canRequestRefund ? (
              <button
                type="button"
                onClick={() => setAsking(true)}
                aria-label={PURCHASES_TEXT.requestRefundFor(title)}
                className={actionClassName('secondary', 'small')}
              >
                {PURCHASES_TEXT.requestRefund}
              </button>
            ) : null}
          </div>
        )}
        {!purchase.canRequestRefund && purchase.refundNotice && !refundShown(purchase) ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <span className="font-medium">{PURCHASES_TEXT.notEligible}</span> {purchase.refundNotice}
          </p>
        ) : null}
      </article>
    </li>
  );
}

export function PurchasesScreen() {
  const { user } = useSession();
  const purchases = useQuery(myPurchasesQuery());
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{PURCHASES_TEXT.title}</h1>
        {purchases.data ? (
          <p className="text-slate-700 dark:text-slate-300">
            {PURCHASES_TEXT.intro(purchases.data.refundWindowDays, purchases.data.refundMaxProgressPercent)}
          </p>
        ) : null}
      </div>
      {purchases.isPending || purchases.isError ? (
        <QueryState
          query={purchases}
          loading={PURCHASES_TEXT.loading}
          failed={PURCHASES_TEXT.loadFailed}
          retry={PURCHASES_TEXT.retry}
        />
      ) : purchases.data.purchases.length === 0 ? (
        <div className="space-y-3">
          <p className="text-slate-700 dark:text-slate-300">{PURCHASES_TEXT.empty}</p>
          <Link
            {...sectionCoursesLink(sectionBase(user?.role))}
            className={actionClassName('primary', 'small')}
          >
            {PURCHASES_TEXT.browse}
          </Link>
        </div>
      ) : (
        <ul aria-label={PURCHASES_TEXT.listLabel} className="space-y-4">
          {purchases.data.purchases.map((purchase) => (
            <PurchaseItem key={purchase.paymentId} purchase={purchase} />
          ))}
        </ul>
      )}
    </div>
  );
}
