/**
 * /dashboard/admin/refunds (decision 0040): refund any payment, fully or in part, with a reason (the
 * payment is looked up first, to show what was paid and what is left), and the refunds and requests,
 * newest first, filtered by state, where a student's request is approved or declined with a reason.
 * `?paymentId=` (the dashboard's transactions link here) fills in the payment.
 */

import {
  type AdminRefund,
  REFUND_REASON_MAX_LENGTH,
  REFUND_STATES,
  type RefundState,
} from '@lectio/contracts/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { PagedList } from '~/components/ui/PagedList';
import {
  actionClassName,
  errorTextClassName,
  fieldClassName,
  labelClassName,
  panelClassName,
} from '~/components/ui/ui-classes';
import { formErrorMessage, serverFailure } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { PurchaseStateBadge } from './RefundBadge';
import { formatDay, formatMoney } from './refund-format';
import { adminRefundsQuery, invalidateAfterRefund, refundablePaymentQuery } from './refund-queries';
import { REFUND_STATE_LABEL, ADMIN_REFUNDS_TEXT as TEXT } from './refund-text';

function RefundPaymentForm({ initialPaymentId }: { initialPaymentId: string }) {
  const queryClient = useQueryClient();
  const ids = { payment: useId(), amount: useId(), reason: useId(), error: useId() };
  const [paymentInput, setPaymentInput] = useState(initialPaymentId);
  const [paymentId, setPaymentId] = useState(initialPaymentId.trim());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payment = useQuery(refundablePaymentQuery(paymentId));
  useEffect(() => {
    if (payment.data) setAmount(payment.data.refundable.toFixed(2));
  }, [payment.data]);
  const refund = useMutation(
    trpc.refunds.create.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        setReason('');
        await invalidateAfterRefund(queryClient);
      },
      onError: (failure) => setError(formErrorMessage(failure)),
    }),
  );
  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPaymentId(paymentInput.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const value = Number(amount);
    refund.mutate({ paymentId, amount: amount.trim() === '' ? Number.NaN : value, reason });
  };
  const lookupError = payment.isError ? formErrorMessage(payment.error) : null;
  return (
    <section aria-labelledby="refund-payment-heading" className={`${panelClassName} space-y-4`}>
      <h2 id="refund-payment-heading" className="text-lg font-semibold">
        {TEXT.refundTitle}
      </h2>
      <form onSubmit={lookUp} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={ids.payment} className={labelClassName}>
            {TEXT.paymentIdLabel}
          </label>
          <p id={`${ids.payment}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {TEXT.paymentIdHint}
          </p>
          <input
            id={ids.payment}
            value={paymentInput}
            onChange={(event) => setPaymentInput(event.target.value)}
            className={`${fieldClassName} font-mono text-sm`}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${ids.payment}-hint`}
          />
        </div>
        <button type="submit" className={actionClassName('secondary')} disabled={payment.isFetching}>
          {payment.isFetching ? TEXT.lookingUp : TEXT.lookUp}
        </button>
      </form>
      {lookupError ? (
        <p role="alert" className={errorTextClassName}>
          {lookupError}
        </p>
      ) : null}
      {payment.data ? (
        <div className="space-y-4">
          <div className="space-y-2">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="break-words">
                {TEXT.paymentSummary(payment.data.course.title, payment.data.student.name)}
              </span>
              <PurchaseStateBadge state={payment.data.state} />
            </p>
            <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{TEXT.paid}</dt>
                <dd className="font-semibold">
                  {formatMoney(payment.data.amount, payment.data.currency)} ·{' '}
                  {formatDay(payment.data.createdAt)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{TEXT.refundedSoFar}</dt>
                <dd className="font-semibold">{formatMoney(payment.data.refunded, payment.data.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{TEXT.refundable}</dt>
                <dd className="font-semibold">
                  {formatMoney(payment.data.refundable, payment.data.currency)}
                </dd>
              </div>
            </dl>
          </div>
          {payment.data.refundable > 0 ? (
            <form onSubmit={submit} className="space-y-3" noValidate>
              <div className="space-y-1">
                <label htmlFor={ids.amount} className={labelClassName}>
                  {TEXT.amountLabel} ({payment.data.currency})
                </label>
                <input
                  id={ids.amount}
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  step="0.01"
                  max={payment.data.refundable}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  className={`${fieldClassName} sm:max-w-xs`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ids.error : undefined}
                />
              </div>
              <div className="space-y-1">
                <label htmlFor={ids.reason} className={labelClassName}>
                  {TEXT.reasonLabel}
                </label>
                <textarea
                  id={ids.reason}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  rows={2}
                  maxLength={REFUND_REASON_MAX_LENGTH}
                  className={fieldClassName}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ids.error : undefined}
                />
              </div>
              {error ? (
                <p id={ids.error} role="alert" className={errorTextClassName}>
                  {error}
                </p>
              ) : null}
              <button type="submit" disabled={refund.isPending} className={actionClassName('danger')}>
                {refund.isPending ? TEXT.refunding : TEXT.refund}
              </button>
            </form>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{TEXT.nothingLeft}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Approve, or decline with a reason. An approval the refund rules no longer allow (the student watched on
 * while the request waited) comes back as a 409 naming the `overrideReason` field: the form then asks
 * for that reason, and approving again records it with the refund.
 */
function DecisionControls({ refund }: { refund: AdminRefund }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const errorId = useId();
  const [mode, setMode] = useState<'decline' | 'override' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation(
    trpc.refunds.decide.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await invalidateAfterRefund(queryClient);
      },
      onError: (failure) => {
        setError(formErrorMessage(failure));
        if (serverFailure(failure)?.issues.some((issue) => issue.path === 'overrideReason')) {
          setReason('');
          setMode('override');
        }
      },
    }),
  );
  const who = refund.payment.student.name;
  const course = refund.payment.course.title;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    decide.mutate(
      mode === 'override'
        ? { id: refund._id, decision: 'approve', overrideReason: reason }
        : { id: refund._id, decision: 'decline', reason },
    );
  };
  return (
    <div className="space-y-3">
      {mode ? (
        <form onSubmit={submit} className="space-y-2" noValidate>
          <label htmlFor={reasonId} className={labelClassName}>
            {mode === 'override' ? TEXT.overrideReasonLabel : TEXT.declineReasonLabel}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={REFUND_REASON_MAX_LENGTH}
            className={fieldClassName}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <p id={errorId} role="alert" className={errorTextClassName}>
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={decide.isPending}
              className={actionClassName(mode === 'override' ? 'primary' : 'danger', 'small')}
            >
              {mode === 'override' ? TEXT.confirmOverride : TEXT.confirmDecline}
            </button>
            <button
              type="button"
              onClick={() => {
                setMode(null);
                setError(null);
              }}
              className={actionClassName('secondary', 'small')}
            >
              {TEXT.cancel}
            </button>
          </div>
        </form>
      ) : (
        <>
          {error ? (
            <p role="alert" className={errorTextClassName}>
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={decide.isPending}
              aria-label={TEXT.approveFor(who, course)}
              onClick={() => {
                setError(null);
                decide.mutate({ id: refund._id, decision: 'approve' });
              }}
              className={actionClassName('primary', 'small')}
            >
              {TEXT.approve}
            </button>
            <button
              type="button"
              disabled={decide.isPending}
              aria-label={TEXT.declineFor(who, course)}
              onClick={() => {
                setReason('');
                setMode('decline');
              }}
              className={actionClassName('dangerOutline', 'small')}
            >
              {TEXT.decline}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

const STATE_TONES: Record<RefundState, string> = {
  requested: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  declined: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  pending: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  succeeded: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

function RefundItem({ refund }: { refund: AdminRefund }) {
  const currency = refund.payment.currency;
  return (
    <li className={`${panelClassName} space-y-3`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <p className="break-words font-semibold">{refund.payment.course.title}</p>
          <p className="break-words text-sm text-slate-700 dark:text-slate-300">
            {TEXT.requestedBy(refund.payment.student.name, refund.payment.student.email)}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {formatMoney(refund.amount, currency)} of {formatMoney(refund.payment.amount, currency)} ·{' '}
            {TEXT.sourceLabel[refund.source]} ·{' '}
            <time dateTime={refund.createdAt}>{formatDay(refund.createdAt)}</time>
          </p>
        </div>
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[refund.status]}`}
        >
          {REFUND_STATE_LABEL[refund.status]}
        </span>
      </div>
      {refund.reason ? (
        <p className="break-words text-sm">
          <span className="font-medium">{TEXT.studentReason}:</span> {refund.reason}
        </p>
      ) : null}
      {refund.declineReason ? (
        <p className="break-words text-sm">
          <span className="font-medium">{TEXT.declineReason}:</span> {refund.declineReason}
        </p>
      ) : null}
      {refund.overrideReason ? (
        <p className="break-words text-sm">
          <span className="font-medium">{TEXT.overrideReason}:</span> {refund.overrideReason}
        </p>
      ) : null}
      {refund.failureReason ? (
        <p className="break-words text-sm text-red-800 dark:text-red-300">
          <span className="font-medium">{TEXT.failureReason}:</span> {refund.failureReason}
        </p>
      ) : null}
      {refund.status === 'requested' ? <DecisionControls refund={refund} /> : null}
    </li>
  );
}

function RefundList() {
  const filterId = useId();
  const [status, setStatus] = useState<RefundState | ''>('');
  return (
    <section aria-labelledby="refund-list-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="refund-list-heading" className="text-lg font-semibold">
          {TEXT.listTitle}
        </h2>
        <div className="space-y-1">
          <label htmlFor={filterId} className={labelClassName}>
            {TEXT.filterLabel}
          </label>
          <select
            id={filterId}
            value={status}
            onChange={(event) => setStatus(event.target.value as RefundState | '')}
            className={fieldClassName}
          >
            <option value="">{TEXT.allStates}</option>
            {REFUND_STATES.map((state) => (
              <option key={state} value={state}>
                {REFUND_STATE_LABEL[state]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedList
        query={adminRefundsQuery(status === '' ? undefined : status)}
        items={(page) => page.refunds}
        text={{ ...TEXT, failed: TEXT.loadFailed, loadMore: TEXT.showMore }}
        empty={TEXT.empty}
      >
        {(items) => (
          <ul aria-label={TEXT.listTitle} className="space-y-4">
            {items.map((refund) => (
              <RefundItem key={refund._id} refund={refund} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

export function AdminRefunds({ paymentId = '' }: { paymentId?: string }) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">{TEXT.intro}</p>
      </div>
      <RefundPaymentForm key={paymentId} initialPaymentId={paymentId} />
      <RefundList />
    </div>
  );
}
