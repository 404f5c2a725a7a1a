/**
 * /dashboard/teach (students; issue 15, item 5): "Become an instructor". The student's latest application
 * decides what shows: none yet, the form; pending, what they sent; declined, the admin's note and "Apply
 * again" (the form, filled with what they sent); approved, the way to the instructor dashboard.
 *
 * An approval changes the role on the server at once, but this app learns its role from the session
 * token. So when the page sees an approval while the session still says student, it refreshes the
 * session (GET /auth/refresh answers with the new role) before offering the instructor dashboard, whose
 * guard reads that role; a reload does the same.
 */

import {
  applyToTeachRequestSchema,
  TEACHING_EXPERIENCE_MAX,
  TEACHING_SAMPLE_URL_MAX,
  TEACHING_TOPIC_MAX,
  type TeachingApplication,
} from '@lectio/contracts/teaching-applications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { QueryState } from '~/components/QueryState';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { PanelSection } from '~/components/ui/PanelSection';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { actionClassName, secondaryActionClassName } from '~/components/ui/ui-classes';
import { refreshSession } from '~/lib/api';
import { serverFailure } from '~/lib/api-errors';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { formatDay } from '../refunds/refund-format';
import { myApplicationQuery } from './teaching-queries';
import { TEACH_TEXT as TEXT } from './teaching-text';

interface Values {
  topic: string;
  experience: string;
  sampleUrl: string;
}

const EMPTY: Values = { topic: '', experience: '', sampleUrl: '' };

/** The contract's rules, with the form's empty sample link read as none (it is optional). */
const applicationFormSchema = applyToTeachRequestSchema.extend({
  sampleUrl: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : text))
    .pipe(applyToTeachRequestSchema.shape.sampleUrl),
});

function ApplicationForm({ initial, onCancel }: { initial: Values; onCancel?: (() => void) | undefined }) {
  const queryClient = useQueryClient();
  const ids = { topic: useId(), experience: useId(), sampleUrl: useId() };
  const [formError, setFormError] = useState<string | null>(null);
  const apply = useMutation(trpc.teaching.apply.mutationOptions());

  const form = useAppForm({
    ...schemaForm(applicationFormSchema, initial),
    onSubmit: async ({ value, formApi }) => {
      const { sampleUrl, ...request } = applicationFormSchema.parse(value);
      const result = await sendForm(
        formApi,
        setFormError,
        () => apply.mutateAsync(sampleUrl === undefined ? request : { ...request, sampleUrl }),
        async (failure) => {
          // A 409 means an application is already waiting: show it.
          if (serverFailure(failure)?.status === 409)
            await queryClient.invalidateQueries(trpc.teaching.mine.queryFilter());
        },
      );
      if (!result) return;
      toast.success(result.message);
      queryClient.setQueryData(trpc.teaching.mine.queryKey(), { application: result.application });
      await queryClient.invalidateQueries(trpc.teaching.mine.queryFilter());
    },
  });

  return (
    <PanelSection title={TEXT.formTitle} className="space-y-4">
      <InlineForm
        form={form}
        className="space-y-4"
        submit={apply.isPending ? TEXT.submitting : TEXT.submit}
        submitClassName={actionClassName('primary')}
        cancel={TEXT.cancel}
        onCancel={onCancel}
        cancelClassName={secondaryActionClassName}
        message={formError}
      >
        <form.AppField name="topic">
          {(field) => (
            <field.TextField
              id={ids.topic}
              label={TEXT.topicLabel}
              required
              hint={TEXT.topicHint}
              maxLength={TEACHING_TOPIC_MAX}
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.AppField name="experience">
          {(field) => (
            <field.TextAreaField
              id={ids.experience}
              label={TEXT.experienceLabel}
              required
              hint={`${TEXT.experienceHint} ${TEXT.experienceCount(field.state.value.length, TEACHING_EXPERIENCE_MAX)}`}
              rows={6}
              maxLength={TEACHING_EXPERIENCE_MAX}
            />
          )}
        </form.AppField>
        <form.AppField name="sampleUrl">
          {(field) => (
            <field.TextField
              id={ids.sampleUrl}
              label={TEXT.sampleUrlLabel}
              hint={TEXT.sampleUrlHint}
              type="url"
              inputMode="url"
              maxLength={TEACHING_SAMPLE_URL_MAX}
              placeholder="https://"
              autoComplete="url"
            />
          )}
        </form.AppField>
      </InlineForm>
    </PanelSection>
  );
}

/** What the student sent: the topic and the sample link. */
function SentSummary({ application }: { application: TeachingApplication }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{TEXT.yourTopic}</dt>
      <dd className="break-words">{application.topic}</dd>
      {application.sampleUrl ? (
        <>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{TEXT.yourSample}</dt>
          <dd className="break-all">{application.sampleUrl}</dd>
        </>
      ) : null}
    </dl>
  );
}

function PendingPanel({ application }: { application: TeachingApplication }) {
  return (
    <PanelSection title={TEXT.pendingTitle}>
      <p className="text-slate-700 dark:text-slate-300">
        {TEXT.pendingText(formatDay(application.createdAt))}
      </p>
      <SentSummary application={application} />
    </PanelSection>
  );
}

function DeclinedPanel({ application }: { application: TeachingApplication }) {
  const [applying, setApplying] = useState(false);
  return (
    <div className="space-y-6">
      <PanelSection title={TEXT.declinedTitle}>
        {application.decidedAt ? (
          <p className="text-slate-700 dark:text-slate-300">
            {TEXT.declinedOn(formatDay(application.decidedAt))}
          </p>
        ) : null}
        {application.decisionNote ? (
          <div className="rounded-md border-l-4 border-amber-500 bg-amber-50 px-4 py-3 dark:bg-amber-950">
            <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">{TEXT.declinedNote}</p>
            <p className="whitespace-pre-line break-words text-slate-900 dark:text-slate-100">
              {application.decisionNote}
            </p>
          </div>
        ) : null}
        <SentSummary application={application} />
        {applying ? null : (
          <div className="space-y-2">
            <p className="text-slate-700 dark:text-slate-300">{TEXT.applyAgainText}</p>
            <button type="button" onClick={() => setApplying(true)} className={actionClassName('primary')}>
              {TEXT.applyAgain}
            </button>
          </div>
        )}
      </PanelSection>
      {applying ? (
        <ApplicationForm
          initial={{
            topic: application.topic,
            experience: application.experience,
            sampleUrl: application.sampleUrl ?? '',
          }}
          onCancel={() => setApplying(false)}
        />
      ) : null}
    </div>
  );
}

function ApprovedPanel({ updating }: { updating: boolean }) {
  return (
    <PanelSection title={TEXT.approvedTitle}>
      <p className="text-slate-700 dark:text-slate-300">{TEXT.approvedText}</p>
      {updating ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {TEXT.updatingAccess}
        </p>
      ) : (
        <Link to="/dashboard/instructor" className={actionClassName('primary')}>
          {TEXT.goToInstructor}
        </Link>
      )}
    </PanelSection>
  );
}

/**
 * Approved while the session still says student: one session refresh brings the new role (and this
 * screen then shows the way to the instructor dashboard). Should the account still be a student after it
 * (an admin changed the role back meanwhile), they may apply again.
 */
function ApprovedWhileStudent() {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void refreshSession().finally(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return settled ? <ApplicationForm initial={EMPTY} /> : <ApprovedPanel updating />;
}

export function TeachScreen() {
  const { role } = useSession();
  const mine = useQuery(myApplicationQuery());
  const application = mine.data?.application ?? null;
  let body: ReactNode;
  if (mine.isPending || mine.isError) {
    body = <QueryState query={mine} loading={TEXT.loading} failed={TEXT.loadFailed} retry={TEXT.retry} />;
  } else if (application?.status === 'approved' && role !== 'student') {
    body = <ApprovedPanel updating={false} />;
  } else if (application?.status === 'approved') {
    body = <ApprovedWhileStudent />;
  } else if (application?.status === 'pending') {
    body = <PendingPanel application={application} />;
  } else if (application?.status === 'declined') {
    body = <DeclinedPanel key={application._id} application={application} />;
  } else if (role !== 'student') {
    body = <p className="text-slate-700 dark:text-slate-300">{TEXT.notStudent}</p>;
  } else {
    body = <ApplicationForm initial={EMPTY} />;
  }
  return (
    <div className="max-w-3xl space-y-6">
      <ScreenHeader title={TEXT.title} intro={TEXT.intro} />
      {body}
    </div>
  );
}
