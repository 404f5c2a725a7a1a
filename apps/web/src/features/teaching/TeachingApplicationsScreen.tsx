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
  decideTeachingApplicationRequestSchema,
  TEACHING_NOTE_MAX,
  type TeachingDecision,
} from '@lectio/contracts/teaching-applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { z } from 'zod';
import { Badge, type BadgeTone } from '~/components/ui/Badge';
import { DecisionButtons } from '~/components/ui/DecisionButtons';
import { type FilterOption, FilterSelect } from '~/components/ui/FilterSelect';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { ItemCard } from '~/components/ui/ItemCard';
import { PagedList } from '~/components/ui/PagedList';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { actionClassName } from '~/components/ui/ui-classes';
import { serverFailure } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { formatDay } from '../refunds/refund-format';
import { applicationsQuery } from './teaching-queries';
import { APPLICATION_STATUS_LABEL, ADMIN_TEACHING_TEXT as TEXT } from './teaching-text';

const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  pending: 'amber',
  approved: 'green',
  declined: 'grey',
};

/** The contract's decision, with an empty note box read as no note (it is optional). */
const decisionFormSchema = decideTeachingApplicationRequestSchema.extend({
  note: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : text))
    .pipe(decideTeachingApplicationRequestSchema.shape.note),
});

/** The confirm step of a decision: what it does, an optional note for the applicant, Confirm or Cancel. */
function ConfirmDecision({
  application,
  decision,
  onDone,
}: {
  application: AdminTeachingApplication;
  decision: TeachingDecision;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const decide = useMutation(trpc.teaching.decide.mutationOptions());
  const refetchList = () => queryClient.invalidateQueries(trpc.teaching.list.pathFilter());
  const form = useAppForm({
    ...schemaForm(decisionFormSchema, { id: application._id, decision, note: '' }),
    onSubmit: async ({ value, formApi }) => {
      const { note, ...request } = decisionFormSchema.parse(value);
      const result = await sendForm(
        formApi,
        setMessage,
        () => decide.mutateAsync(note === undefined ? request : { ...request, note }),
        async (failure, shown) => {
          if (serverFailure(failure)?.status !== 409) return;
          // Decided by another admin meanwhile: say so (this item may leave the list), and show it as it is.
          if (shown) toast.error(shown);
          await refetchList();
        },
      );
      if (!result) return;
      toast.success(result.message);
      onDone();
      await refetchList();
    },
  });
  const name = application.applicant.name;
  const approving = decision === 'approve';
  const title = approving ? TEXT.confirmApproveTitle(name) : TEXT.confirmDeclineTitle(name);
  return (
    <InlineForm
      form={form}
      label={title}
      className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600"
      submit={decide.isPending ? TEXT.deciding : approving ? TEXT.confirmApprove : TEXT.confirmDecline}
      submitClassName={actionClassName(approving ? 'primary' : 'danger', 'small')}
      cancel={TEXT.cancel}
      onCancel={onDone}
      message={message}
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {approving ? TEXT.confirmApproveText : TEXT.confirmDeclineText}
      </p>
      <form.AppField name="note">
        {(field) => (
          <field.TextAreaField id={noteId} label={TEXT.noteLabel} rows={2} maxLength={TEACHING_NOTE_MAX} />
        )}
      </form.AppField>
    </InlineForm>
  );
}

function DecisionControls({ application }: { application: AdminTeachingApplication }) {
  const [confirming, setConfirming] = useState<TeachingDecision | null>(null);
  if (confirming) {
    return (
      <ConfirmDecision application={application} decision={confirming} onDone={() => setConfirming(null)} />
    );
  }
  const name = application.applicant.name;
  return (
    <DecisionButtons
      error={null}
      approve={{
        label: TEXT.approve,
        accessibleName: TEXT.approveFor(name),
        onPress: () => setConfirming('approve'),
      }}
      decline={{
        label: TEXT.decline,
        accessibleName: TEXT.declineFor(name),
        onPress: () => setConfirming('decline'),
      }}
    />
  );
}

/** One term of an application and what the applicant wrote for it. */
function Detail({ term, className, children }: { term: string; className: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

function ApplicationItem({ application }: { application: AdminTeachingApplication }) {
  const { applicant } = application;
  const headingId = useId();
  return (
    <li>
      <ItemCard
        headingId={headingId}
        heading={applicant.name}
        details={
          <>
            <p className="break-all text-sm text-slate-700 dark:text-slate-300">{applicant.email}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <time dateTime={application.createdAt}>{TEXT.appliedOn(formatDay(application.createdAt))}</time>
              {!applicant.isActive ? ` · ${TEXT.accountSuspended}` : null}
              {applicant.role !== 'student' && application.status === 'pending'
                ? ` · ${TEXT.nowRole(applicant.role)}`
                : null}
            </p>
          </>
        }
        badge={
          <Badge tone={STATUS_TONES[application.status]}>
            {APPLICATION_STATUS_LABEL[application.status]}
          </Badge>
        }
      >
        <dl className="space-y-2 text-sm">
          <Detail term={TEXT.topic} className="break-words text-base">
            {application.topic}
          </Detail>
          <Detail term={TEXT.experience} className="whitespace-pre-line break-words">
            {application.experience}
          </Detail>
          <Detail term={TEXT.sample} className="break-all">
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
          </Detail>
          {application.decisionNote ? (
            <Detail term={TEXT.note} className="whitespace-pre-line break-words">
              {application.decisionNote}
            </Detail>
          ) : null}
        </dl>
        {application.decidedAt ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {TEXT.decidedBy(formatDay(application.decidedAt), application.decidedByName)}
          </p>
        ) : null}
        {application.status === 'pending' ? <DecisionControls application={application} /> : null}
      </ItemCard>
    </li>
  );
}

type Filter = ApplicationStatus | 'all';

const FILTER_OPTIONS: readonly FilterOption<Filter>[] = [
  ...APPLICATION_STATUSES.map((status) => ({ value: status, label: APPLICATION_STATUS_LABEL[status] })),
  { value: 'all', label: TEXT.allStates },
];

export function TeachingApplicationsScreen() {
  const [filter, setFilter] = useState<Filter>('pending');
  return (
    <div className="space-y-6">
      <ScreenHeader title={TEXT.title} intro={TEXT.intro} />
      <FilterSelect label={TEXT.filterLabel} value={filter} onChange={setFilter} options={FILTER_OPTIONS} />
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
