/**
 * Payouts, newest first (`payouts.list`), with "Load more": on the instructor's earnings page their own
 * (date, amount, status, transfer id), on the admin's revenue screen everyone's (instructor, date, amount,
 * status). A table from `md` up, a short block per payout below it.
 */
import type { Payout } from '@lectio/contracts/payouts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMoreButton } from '~/components/LoadMoreButton';
import { TableHead } from '~/components/ui/TableHead';
import { errorTextClassName, secondaryActionClassName } from '~/components/ui/ui-classes';
import { formatAmount, formatDateTime } from '~/features/admin/format';
import { errorMessage } from '~/lib/api-errors';
import { payoutsQuery } from './earnings-queries';
import { PAYOUT_STATUS_LABEL, PAYOUTS_TEXT } from './earnings-text';

const STATUS_TONES: Record<Payout['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  pending: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  reversed: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

/** The status badge, what refunds took back from the payout, and why it failed. */
function PayoutStatus({ payout }: { payout: Payout }) {
  return (
    <>
      <span
        className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[payout.status]}`}
      >
        {PAYOUT_STATUS_LABEL[payout.status]}
      </span>
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

const termClassName = 'text-slate-600 dark:text-slate-400';

export function PayoutHistory({ view }: { view: 'instructor' | 'admin' }) {
  const list = useInfiniteQuery(payoutsQuery);
  const payouts = list.data?.pages.flatMap((page) => page.payouts) ?? [];
  const admin = view === 'admin';

  if (list.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {PAYOUTS_TEXT.loading}
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className={errorTextClassName}>
        {errorMessage(list.error)}
      </p>
    );
  }
  if (payouts.length === 0) {
    return <p className="text-slate-700 dark:text-slate-300">{PAYOUTS_TEXT.empty}</p>;
  }
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <TableHead
          className="text-slate-600 dark:text-slate-400"
          columns={[
            admin && { label: PAYOUTS_TEXT.instructor },
            { label: PAYOUTS_TEXT.date },
            { label: PAYOUTS_TEXT.amount, numeric: true },
            { label: PAYOUTS_TEXT.status },
            !admin && { label: PAYOUTS_TEXT.transfer },
          ]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {payouts.map((payout) => (
            <tr key={payout._id} className="align-top">
              {admin ? (
                <th scope="row" className="py-2 pr-4 font-medium">
                  {payout.instructorName}
                </th>
              ) : null}
              {admin ? (
                <td className="py-2 pr-4">
                  <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>
                </td>
              ) : (
                <th scope="row" className="py-2 pr-4 font-medium">
                  <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>
                </th>
              )}
              <td className="py-2 pr-4 text-right tabular-nums">{formatAmount(payout.amount)}</td>
              <td className={`py-2 ${admin ? '' : 'pr-4'}`}>
                <PayoutStatus payout={payout} />
              </td>
              {admin ? null : (
                <td className="py-2">
                  <Transfer id={payout.transferId} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {/* On narrow screens each payout is a short block instead of a row. */}
      <ul className="divide-y divide-slate-200 md:hidden dark:divide-slate-700">
        {payouts.map((payout) => (
          <li key={payout._id} className="py-3">
            <p className="font-medium">
              {admin ? (
                payout.instructorName
              ) : (
                <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>
              )}
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {admin ? (
                <>
                  <dt className={termClassName}>{PAYOUTS_TEXT.date}</dt>
                  <dd className="text-right">
                    <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>
                  </dd>
                </>
              ) : null}
              <dt className={termClassName}>{PAYOUTS_TEXT.amount}</dt>
              <dd className="text-right tabular-nums">{formatAmount(payout.amount)}</dd>
              <dt className={termClassName}>{PAYOUTS_TEXT.status}</dt>
              <dd className="text-right">
                <PayoutStatus payout={payout} />
              </dd>
              {admin ? null : (
                <>
                  <dt className={termClassName}>{PAYOUTS_TEXT.transfer}</dt>
                  <dd className="min-w-0 text-right">
                    <Transfer id={payout.transferId} />
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <LoadMoreButton
        query={list}
        label={PAYOUTS_TEXT.loadMore}
        loadingLabel={PAYOUTS_TEXT.loadingMore}
        className={`mt-3 ${secondaryActionClassName}`}
      />
    </>
  );
}
