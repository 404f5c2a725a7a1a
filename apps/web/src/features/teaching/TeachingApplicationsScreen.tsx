/**
 * /dashboard/admin/teaching-applications (issue 15, item 5): students' applications to teach, newest
 * first, filtered by state (pending first), a page at a time. Each shows who applied (name, e-mail, the
 * account's state now), the topic, the experience and the sample link (opened in a new tab, without
 * referrer or opener, and marked nofollow: it is the applicant's address). A pending one is approved or
 * declined after a confirm step that takes an optional note for the applicant.
 */

import {
  type AdminTeachingApplication,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  TEACHING_NOTE_MAX,
  type TeachingDecision,
} from '@lectio/contracts/teaching-applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
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
import { formatDay } from '../refunds/refund-format';
import { applicationsQuery } from './teaching-queries';
import { APPLICATION_STATUS_LABEL, ADMIN_TEACHING_TEXT as TEXT } from './teaching-text';

const STATUS_TONES: Record<ApplicationStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  declined: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[status]}`}
    >
      {APPLICATION_STATUS_LABEL[status]}
    </span>
  );
}

function DecisionControls({ application }: { application: AdminTeachingApplication }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const headingId = useId();
  const errorId = useId();
  const [confirming, setConfirming] = useState<TeachingDecision | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = application.applicant.name;
  const decide = useMutation(
    trpc.teaching.decide.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        setConfirming(null);
        await queryClient.invalidateQueries(trpc.teaching.list.pathFilter());
      },
      onError: async (failure) => {
        const message = formErrorMessage(failure);
        setError(message);
        if (serverFailure(failure)?.status === 409) {
          // Decided by another admin meanwhile: say so (this item may leave the list), and show it as it is.
          toast.error(message);
          await queryClient.invalidateQueries(trpc.teaching.list.pathFilter());
        }
      },
    }),
  );
  const open = (decision: TeachingDecision) => {
    setError(null);
    setNote('');
    setConfirming(decision);
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) return;
    setError(null);
    decide.mutate({
      id: application._id,
      decision: confirming,
      ...(note.trim() ? { note } : {}),
    });
  };

  if (confirming) {
    const approving = confirming === 'approve';
    return (
      <form
        onSubmit={confirm}
        aria-labelledby={headingId}
        className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600"
        noValidate
      >
        <p id={headingId} className="font-semibold">
          {approving ? TEXT.confirmApproveTitle(name) : TEXT.confirmDeclineTitle(name)}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {approving ? TEXT.confirmApproveText : TEXT.confirmDeclineText}
        </p>
        <div className="space-y-1">
          <label htmlFor={noteId} className={labelClassName}>
            {TEXT.noteLabel}
          </label>
          <textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            maxLength={TEACHING_NOTE_MAX}
            className={fieldClassName}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className={errorTextClassName}>
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={decide.isPending}
            className={actionClassName(approving ? 'primary' : 'danger', 'small')}
          >
            {decide.isPending ? TEXT.deciding : approving ? TEXT.confirmApprove : TEXT.confirmDecline}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(null)}
            className={actionClassName('secondary', 'small')}
          >
            {TEXT.cancel}
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="space-y-2">
      {error ? (
        <p role="alert" className={errorTextClassName}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => open('approve')}
          aria-label={TEXT.approveFor(name)}
          className={actionClassName('primary', 'small')}
        >
          {TEXT.approve}
        </button>
        <button
          type="button"
          onClick={() => open('decline')}
          aria-label={TEXT.declineFor(name)}
          className={actionClassName('dangerOutline', 'small')}
        >
          {TEXT.decline}
        </button>
      </div>
    </div>
  );
}

function ApplicationItem({ application }: { application: AdminTeachingApplication }) {
  const { applicant } = application;
  const headingId = useId();
  return (
    <li>
      <article aria-labelledby={headingId} className={`${panelClassName} space-y-3`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h2 id={headingId} className="break-words text-lg font-semibold">
              {applicant.name}
            </h2>
            <p className="break-all text-sm text-slate-700 dark:text-slate-300">{applicant.email}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <time dateTime={application.createdAt}>{TEXT.appliedOn(formatDay(application.createdAt))}</time>
              {!applicant.isActive ? ` · ${TEXT.accountSuspended}` : null}
              {applicant.role !== 'student' && application.status === 'pending'
                ? ` · ${TEXT.nowRole(applicant.role)}`
                : null}
            </p>
          </div>
          <StatusBadge status={application.status} />
        </div>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-700 dark:text-slate-300">{TEXT.topic}</dt>
            <dd className="break-words text-base">{application.topic}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700 dark:text-slate-300">{TEXT.experience}</dt>
            <dd className="whitespace-pre-line break-words">{application.experience}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700 dark:text-slate-300">{TEXT.sample}</dt>
            <dd className="break-all">
              {application.sampleUrl ? (
                <a
                  href={application.sampleUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
                >
                  {application.sampleUrl}
                  <span className="sr-only"> {TEXT.opensInNewTab}</span>
                </a>
              ) : (
                <span className="text-slate-700 dark:text-slate-300">{TEXT.noSample}</span>
              )}
            </dd>
          </div>
          {application.decisionNote ? (
            <div>
              <dt className="font-medium text-slate-700 dark:text-slate-300">{TEXT.note}</dt>
              <dd className="whitespace-pre-line break-words">{application.decisionNote}</dd>
            </div>
          ) : null}
        </dl>
        {application.decidedAt ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {TEXT.decidedBy(formatDay(application.decidedAt), application.decidedByName)}
          </p>
        ) : null}
        {application.status === 'pending' ? <DecisionControls application={application} /> : null}
      </article>
    </li>
  );
}

type Filter = ApplicationStatus | 'all';

export function TeachingApplicationsScreen() {
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>('pending');
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">{TEXT.intro}</p>
      </div>
      <div className="space-y-1 sm:max-w-xs">
        <label htmlFor={filterId} className={labelClassName}>
          {TEXT.filterLabel}
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => setFilter(event.target.value as Filter)}
          className={fieldClassName}
        >
          {APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {APPLICATION_STATUS_LABEL[status]}
            </option>
          ))}
          <option value="all">{TEXT.allStates}</option>
        </select>
      </div>
      <PagedList
        query={applicationsQuery(filter === 'all' ? undefined : filter)}
        items={(page) => page.applications}
        text={{ ...TEXT, failed: TEXT.loadFailed, loadMore: TEXT.showMore }}
        empty={TEXT.empty[filter]}
      >
        {(items) => (
          <ul aria-label={TEXT.listLabel} className="space-y-4">
            {items.map((application) => (
              <ApplicationItem key={application._id} application={application} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
