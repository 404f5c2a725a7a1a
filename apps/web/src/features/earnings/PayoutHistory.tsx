/**
 * Payouts, newest first (`payouts.list`), on the app's PagedList (loading, failed with "Try again", empty,
 * "Load more"): on the instructor's earnings page their own (date, amount, status, transfer id), on the
 * admin's revenue screen everyone's (instructor, date, amount, status). A table from `md` up, a short block
 * per payout below it.
 */
import type { Payout } from '@lectio/contracts/payouts';
import { Badge, type BadgeTone } from '~/components/ui/Badge';
import { PagedList } from '~/components/ui/PagedList';
import { StackedTable } from '~/components/ui/StackedTable';
import { errorTextClassName } from '~/components/ui/ui-classes';
import { formatAmount, formatDateTime } from '~/features/admin/format';
import { errorMessage } from '~/lib/api-errors';
import { payoutsQuery } from './earnings-queries';
import { PAYOUT_STATUS_LABEL, PAYOUTS_TEXT } from './earnings-text';

const STATUS_TONES: Record<Payout['status'], BadgeTone> = {
  paid: 'green',
  pending: 'sky',
  failed: 'red',
  reversed: 'amber',
};

/** The status badge, what refunds took back from the payout, and why it failed. */
function PayoutStatus({ payout }: { payout: Payout }) {
  return (
    <>
      <Badge tone={STATUS_TONES[payout.status]}>{PAYOUT_STATUS_LABEL[payout.status]}</Badge>
      {payout.reversed > 0 ? (
        <span className="mt-1 block text-xs text-slate-700 dark:text-slate-300">
          {PAYOUTS_TEXT.reversed(formatAmount(payout.reversed))}
        </span>
      ) : null}
      {payout.status === 'failed' && payout.failureReason ? (
        <span className="mt-1 block break-words text-xs text-red-700 dark:text-red-400">
          {payout.failureReason}
        </span>
      ) : null}
    </>
  );
}

function Transfer({ id }: { id: string | null }) {
  return id ? (
    <span className="break-all font-mono text-xs">{id}</span>
  ) : (
    <span className="text-slate-600 dark:text-slate-400">{PAYOUTS_TEXT.noTransfer}</span>
  );
}

function PayoutDate({ payout }: { payout: Payout }) {
  return <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>;
}

export function PayoutHistory({ view }: { view: 'instructor' | 'admin' }) {
  const admin = view === 'admin';
  return (
    <div className="space-y-3">
      <PagedList
        query={payoutsQuery}
        items={(page) => page.payouts}
        text={{ ...PAYOUTS_TEXT, failed: PAYOUTS_TEXT.loadFailed }}
        failureDetail={(error) => <p className={errorTextClassName}>{errorMessage(error)}</p>}
        empty={PAYOUTS_TEXT.empty}
      >
        {(payouts) => (
          <div>
            <StackedTable
              breakpoint="md"
              alignTop
              rows={payouts}
              rowKey={(payout) => payout._id}
              columns={[
                admin && { label: PAYOUTS_TEXT.instructor, cell: (payout) => payout.instructorName },
                { label: PAYOUTS_TEXT.date, cell: (payout) => <PayoutDate payout={payout} /> },
                { label: PAYOUTS_TEXT.amount, numeric: true, cell: (payout) => formatAmount(payout.amount) },
                { label: PAYOUTS_TEXT.status, cell: (payout) => <PayoutStatus payout={payout} /> },
                !admin && {
                  label: PAYOUTS_TEXT.transfer,
                  cell: (payout) => <Transfer id={payout.transferId} />,
                },
              ]}
            />
          </div>
        )}
      </PagedList>
    </div>
  );
}
