/**
 * /dashboard/purchases (students; decision 0040): every purchase with its course, amount, date and state,
 * the refund it has had or the request waiting for a decision, and "Request a refund" when the rules allow
 * it (within the refund window, under the progress limit, no open request), or the reason they don't.
 */

import {
  type Purchase,
  REFUND_REASON_MAX_LENGTH,
  requestRefundRequestSchema,
} from '@lectio/contracts/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { QueryState } from '~/components/QueryState';
import { EmptyState } from '~/components/ui/EmptyState';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { ItemCard } from '~/components/ui/ItemCard';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { actionClassName } from '~/components/ui/ui-classes';
import { courseLink, sectionBase, sectionCoursesLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { ReceiptButton } from './ReceiptButton';
import { PurchaseStateBadge } from './RefundBadge';
import { formatDay, formatMoney } from './refund-format';
import { announceRefund, myPurchasesQuery } from './refund-queries';
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
  const [message, setMessage] = useState<string | null>(null);
  const request = useMutation(trpc.refunds.request.mutationOptions());
  const form = useAppForm({
    ...schemaForm(requestRefundRequestSchema, { paymentId: purchase.paymentId, reason: '' }),
    onSubmit: async ({ value, formApi }) => {
      const result = await sendForm(formApi, setMessage, () => request.mutateAsync(value));
      if (!result) return;
      await announceRefund(queryClient, result);
      onDone();
    },
  });
  return (
    <InlineForm
      form={form}
      submit={request.isPending ? PURCHASES_TEXT.sending : PURCHASES_TEXT.send}
      cancel={PURCHASES_TEXT.cancel}
      onCancel={onDone}
      message={message}
    >
      <form.AppField name="reason">
        {(field) => (
          <field.TextAreaField
            id={reasonId}
            label={PURCHASES_TEXT.reasonLabel}
            required
            rows={3}
            maxLength={REFUND_REASON_MAX_LENGTH}
          />
        )}
      </form.AppField>
    </InlineForm>
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
      <ItemCard
        headingId={headingId}
        heading={
          purchase.course._id ? (
            <Link
              {...courseLink(base, purchase.course._id)}
              className="text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {title}
            </Link>
          ) : (
            title
          )
        }
        details={
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <time dateTime={purchase.createdAt}>{PURCHASES_TEXT.paidOn(formatDay(purchase.createdAt))}</time>{' '}
            · <span>{formatMoney(purchase.amount, purchase.currency)}</span>
            {purchase.refunded > 0 ? (
              <> · {PURCHASES_TEXT.refunded(formatMoney(purchase.refunded, purchase.currency))}</>
            ) : null}
          </p>
        }
        badge={<PurchaseStateBadge state={purchase.state} />}
      >
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
      </ItemCard>
    </li>
  );
}

export function PurchasesScreen() {
  const { user } = useSession();
  const purchases = useQuery(myPurchasesQuery());
  return (
    <div className="space-y-6">
      <ScreenHeader
        title={PURCHASES_TEXT.title}
        intro={
          purchases.data
            ? PURCHASES_TEXT.intro(purchases.data.refundWindowDays, purchases.data.refundMaxProgressPercent)
            : null
        }
      />
      {purchases.isPending || purchases.isError ? (
        <QueryState
          query={purchases}
          loading={PURCHASES_TEXT.loading}
          failed={PURCHASES_TEXT.loadFailed}
          retry={PURCHASES_TEXT.retry}
        />
      ) : purchases.data.purchases.length === 0 ? (
        <EmptyState message={PURCHASES_TEXT.empty}>
          <Link
            {...sectionCoursesLink(sectionBase(user?.role))}
            className={actionClassName('primary', 'small')}
          >
            {PURCHASES_TEXT.browse}
          </Link>
        </EmptyState>
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
