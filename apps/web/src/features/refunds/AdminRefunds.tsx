/**
 * /dashboard/admin/refunds (decision 0040): refund any payment, fully or in part, with a reason (the
 * payment is looked up first, to show what was paid and what is left), and the refunds and requests,
 * newest first, filtered by state, where a student's request is approved or declined with a reason.
 * `?paymentId=` (the dashboard's transactions link here) fills in the payment.
 */

import {
  type AdminRefund,
  createRefundRequestSchema,
  decideRefundRequestSchema,
  REFUND_REASON_MAX_LENGTH,
  REFUND_STATES,
  type RefundablePayment,
  type RefundState,
} from '@lectio/contracts/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import { TextField } from '~/components/TextField';
import { Badge, type BadgeTone } from '~/components/ui/Badge';
import { DecisionButtons } from '~/components/ui/DecisionButtons';
import { ErrorLine } from '~/components/ui/ErrorLine';
import { type FilterOption, FilterSelect } from '~/components/ui/FilterSelect';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { ItemCard } from '~/components/ui/ItemCard';
import { PagedList } from '~/components/ui/PagedList';
import { PanelSection } from '~/components/ui/PanelSection';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { actionClassName } from '~/components/ui/ui-classes';
import { formErrorMessage, serverFailure } from '~/lib/api-errors';
import { trpc } from '~/lib/trpc';
import { PurchaseStateBadge } from './RefundBadge';
import { formatDay, formatMoney } from './refund-format';
import { adminRefundsQuery, announceRefund, refundablePaymentQuery } from './refund-queries';
import { REFUND_STATE_LABEL, ADMIN_REFUNDS_TEXT as TEXT } from './refund-text';

/** The contract's refund, with the amount box's text read as a number (empty is no amount). */
const refundFormSchema = createRefundRequestSchema.extend({
  amount: z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : Number(text)))
    .pipe(createRefundRequestSchema.shape.amount),
});

/**
 * What was paid and what is left, and the refund form. Keyed by what is left: after a refund the payment
 * is read again and the form starts over with the new amount.
 */
function PaymentRefund({ payment }: { payment: RefundablePayment }) {
  const queryClient = useQueryClient();
  const ids = { amount: useId(), reason: useId() };
  const [message, setMessage] = useState<string | null>(null);
  const refund = useMutation(trpc.refunds.create.mutationOptions());
  const form = useAppForm({
    ...schemaForm(refundFormSchema, {
      paymentId: payment._id,
      amount: payment.refundable.toFixed(2),
      reason: '',
    }),
    onSubmit: async ({ value, formApi }) => {
      const result = await sendForm(formApi, setMessage, () =>
        refund.mutateAsync(refundFormSchema.parse(value)),
      );
      if (result) await announceRefund(queryClient, result);
    },
  });
  const money = (amount: number) => formatMoney(amount, payment.currency);
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">
            {TEXT.paymentSummary(payment.course.title, payment.student.name)}
          </span>
          <PurchaseStateBadge state={payment.state} />
        </p>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          {[
            { term: TEXT.paid, value: `${money(payment.amount)} · ${formatDay(payment.createdAt)}` },
            { term: TEXT.refundedSoFar, value: money(payment.refunded) },
            { term: TEXT.refundable, value: money(payment.refundable) },
          ].map((entry) => (
            <div key={entry.term}>
              <dt className="text-slate-600 dark:text-slate-400">{entry.term}</dt>
              <dd className="font-semibold">{entry.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {payment.refundable > 0 ? (
        <FormShell
          form={form}
          className="space-y-3"
          submit={refund.isPending ? TEXT.refunding : TEXT.refund}
          submitClassName={actionClassName('danger')}
          allowWhileInvalid
          message={message}
        >
          <div className="sm:max-w-xs">
            <form.AppField name="amount">
              {(field) => (
                <field.TextField
                  id={ids.amount}
                  label={`${TEXT.amountLabel} (${payment.currency})`}
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  step="0.01"
                  max={payment.refundable}
                />
              )}
            </form.AppField>
          </div>
          <form.AppField name="reason">
            {(field) => (
              <field.TextAreaField
                id={ids.reason}
                label={TEXT.reasonLabel}
                rows={2}
                maxLength={REFUND_REASON_MAX_LENGTH}
              />
            )}
          </form.AppField>
        </FormShell>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">{TEXT.nothingLeft}</p>
      )}
    </div>
  );
}

/** The payment looked up by its id (a search, not a request: nothing is sent but the look-up). */
function RefundPaymentForm({ initialPaymentId }: { initialPaymentId: string }) {
  const paymentFieldId = useId();
  const [paymentInput, setPaymentInput] = useState(initialPaymentId);
  const [paymentId, setPaymentId] = useState(initialPaymentId.trim());
  const payment = useQuery(refundablePaymentQuery(paymentId));
  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setPaymentId(paymentInput.trim());
  };
  return (
    <PanelSection title={TEXT.refundTitle} className="space-y-4">
      <form onSubmit={lookUp} className="space-y-3" noValidate>
        <TextField
          id={paymentFieldId}
          label={TEXT.paymentIdLabel}
          hint={TEXT.paymentIdHint}
          value={paymentInput}
          onValueChange={setPaymentInput}
          monospace
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className={actionClassName('secondary')} disabled={payment.isFetching}>
          {payment.isFetching ? TEXT.lookingUp : TEXT.lookUp}
        </button>
      </form>
      <ErrorLine message={payment.isError ? formErrorMessage(payment.error) : null} />
      {payment.data ? (
        <PaymentRefund key={`${payment.data._id}:${payment.data.refundable}`} payment={payment.data} />
      ) : null}
    </PanelSection>
  );
}

/**
 * The reason a decision needs: a decline's (the student reads it), or, when the refund rules no longer
 * allow an approval, why it is approved anyway (`overrideReason`, recorded with the refund). `message` is
 * what the server said that brought the form up.
 */
function RefundReasonForm({
  refund,
  override,
  message: initialMessage,
  onCancel,
}: {
  refund: AdminRefund;
  override: boolean;
  message: string | null;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [message, setMessage] = useState(initialMessage);
  const decide = useMutation(trpc.refunds.decide.mutationOptions());
  const form = useAppForm({
    ...schemaForm(
      decideRefundRequestSchema,
      override
        ? { id: refund._id, decision: 'approve', overrideReason: '' }
        : { id: refund._id, decision: 'decline', reason: '' },
    ),
    onSubmit: async ({ value, formApi }) => {
      const result = await sendForm(formApi, setMessage, () => decide.mutateAsync(value));
      if (result) await announceRefund(queryClient, result);
    },
  });
  return (
    <InlineForm
      form={form}
      className="space-y-2"
      submit={override ? TEXT.confirmOverride : TEXT.confirmDecline}
      submitClassName={actionClassName(override ? 'primary' : 'danger', 'small')}
      cancel={TEXT.cancel}
      onCancel={onCancel}
      message={message}
    >
      <form.AppField name={override ? 'overrideReason' : 'reason'}>
        {(field) => (
          <field.TextAreaField
            id={reasonId}
            label={override ? TEXT.overrideReasonLabel : TEXT.declineReasonLabel}
            rows={2}
            maxLength={REFUND_REASON_MAX_LENGTH}
          />
        )}
      </form.AppField>
    </InlineForm>
  );
}

/**
 * Approve, or decline with a reason. An approval the refund rules no longer allow (the student watched on
 * while the request waited) comes back as a 409 naming the `overrideReason` field: the form then asks
 * for that reason, and approving again records it with the refund.
 */
function DecisionControls({ refund }: { refund: AdminRefund }) {
  const queryClient = useQueryClient();
  const [reasonForm, setReasonForm] = useState<{ override: boolean; message: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const approve = useMutation(
    trpc.refunds.decide.mutationOptions({
      onSuccess: (result) => announceRefund(queryClient, result),
      onError: (failure) => {
        if (serverFailure(failure)?.issues.some((issue) => issue.path === 'overrideReason')) {
          setReasonForm({ override: true, message: formErrorMessage(failure) });
        } else {
          setError(formErrorMessage(failure));
        }
      },
    }),
  );
  if (reasonForm) {
    return <RefundReasonForm refund={refund} {...reasonForm} onCancel={() => setReasonForm(null)} />;
  }
  const who = refund.payment.student.name;
  const course = refund.payment.course.title;
  return (
    <DecisionButtons
      error={error}
      disabled={approve.isPending}
      approve={{
        label: TEXT.approve,
        accessibleName: TEXT.approveFor(who, course),
        onPress: () => {
          setError(null);
          approve.mutate({ id: refund._id, decision: 'approve' });
        },
      }}
      decline={{
        label: TEXT.decline,
        accessibleName: TEXT.declineFor(who, course),
        onPress: () => {
          setError(null);
          setReasonForm({ override: false, message: null });
        },
      }}
    />
  );
}

const STATE_TONES: Record<RefundState, BadgeTone> = {
  requested: 'amber',
  declined: 'grey',
  pending: 'sky',
  succeeded: 'green',
  failed: 'red',
};

/** A reason recorded with the refund, after its label; nothing when there is none. */
function ReasonLine({
  label,
  text,
  failure = false,
}: {
  label: string;
  text: string | null;
  failure?: boolean;
}) {
  if (!text) return null;
  return (
    <p className={failure ? 'break-words text-sm text-red-800 dark:text-red-300' : 'break-words text-sm'}>
      <span className="font-medium">{label}:</span> {text}
    </p>
  );
}

function RefundItem({ refund }: { refund: AdminRefund }) {
  const headingId = useId();
  const currency = refund.payment.currency;
  return (
    <li>
      <ItemCard
        headingId={headingId}
        heading={refund.payment.course.title}
        level={3}
        badge={<Badge tone={STATE_TONES[refund.status]}>{REFUND_STATE_LABEL[refund.status]}</Badge>}
        details={
          <>
            <p className="break-words text-sm text-slate-700 dark:text-slate-300">
              {TEXT.requestedBy(refund.payment.student.name, refund.payment.student.email)}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {formatMoney(refund.amount, currency)} of {formatMoney(refund.payment.amount, currency)} ·{' '}
              {TEXT.sourceLabel[refund.source]} ·{' '}
              <time dateTime={refund.createdAt}>{formatDay(refund.createdAt)}</time>
            </p>
          </>
        }
      >
        <ReasonLine label={TEXT.studentReason} text={refund.reason} />
        <ReasonLine label={TEXT.declineReason} text={refund.declineReason} />
        <ReasonLine label={TEXT.overrideReason} text={refund.overrideReason} />
        <ReasonLine label={TEXT.failureReason} text={refund.failureReason} failure />
        {refund.status === 'requested' ? <DecisionControls refund={refund} /> : null}
      </ItemCard>
    </li>
  );
}

const FILTER_OPTIONS: readonly FilterOption<RefundState | ''>[] = [
  { value: '', label: TEXT.allStates },
  ...REFUND_STATES.map((state) => ({ value: state, label: REFUND_STATE_LABEL[state] })),
];

function RefundList() {
  const [status, setStatus] = useState<RefundState | ''>('');
  return (
    <section aria-labelledby="refund-list-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="refund-list-heading" className="text-lg font-semibold">
          {TEXT.listTitle}
        </h2>
        <FilterSelect label={TEXT.filterLabel} value={status} onChange={setStatus} options={FILTER_OPTIONS} />
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
      <ScreenHeader title={TEXT.title} intro={TEXT.intro} />
      <RefundPaymentForm key={paymentId} initialPaymentId={paymentId} />
      <RefundList />
    </div>
  );
}
