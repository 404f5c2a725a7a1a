/**
 * One review in the course's list: author (name and avatar), stars, date, text, the instructor's reply,
 * and what the viewer may do with it: reply (the course's instructor or an admin, once) or report it
 * (any signed-in user but its author).
 */
import { REVIEW_LIMITS } from '@lectio/contracts/constants';
import { type Review, replyRequestSchema, reportRequestSchema } from '@lectio/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { actionClassName } from '~/components/ui/ui-classes';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { initials } from '../dashboard/initials';
import { formatReviewDate } from './review-format';
import { REVIEW_TEXT } from './review-text';
import { StarRating } from './Stars';

const smallSecondary = actionClassName('secondary', 'small');

export function ReviewAvatar({ name, src }: { name: string; src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        onError={() => setBroken(true)}
        className="h-10 w-10 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100"
    >
      {initials(name) || '?'}
    </span>
  );
}

/** Author, stars, date and text: what every review shows, here and on the admin screen. */
export function ReviewBody({ review, isMine = false }: { review: Review; isMine?: boolean }) {
  return (
    <>
      <div className="flex items-start gap-3">
        <ReviewAvatar name={review.author.name} src={review.author.avatar} />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">
            {review.author.name}
            {isMine ? (
              <span className="font-normal text-slate-600 dark:text-slate-400"> ({REVIEW_TEXT.you})</span>
            ) : null}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <StarRating rating={review.rating} label={REVIEW_TEXT.starsOutOf(review.rating)} size="h-4 w-4" />
            <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
            {review.updatedAt !== review.createdAt ? <span>({REVIEW_TEXT.edited})</span> : null}
          </div>
        </div>
      </div>
      {review.body ? (
        <p className="whitespace-pre-line break-words text-slate-800 dark:text-slate-200">{review.body}</p>
      ) : null}
      {review.reply ? (
        <div className="rounded-lg border-l-4 border-indigo-600 bg-slate-50 p-3 dark:border-indigo-300 dark:bg-slate-800">
          <p className="text-sm font-semibold">{REVIEW_TEXT.instructorResponse}</p>
          <p className="whitespace-pre-line break-words text-sm text-slate-800 dark:text-slate-200">
            {review.reply.body}
          </p>
        </div>
      ) : null}
    </>
  );
}

type Panel = 'reply' | 'report';

interface PanelForm {
  label: string;
  submitLabel: string;
  maxLength: number;
  schema: z.ZodType<{ text?: string | undefined }, { text?: string | undefined }>;
}

/** The reply's and the report's one text box, each by its call's contract rule. */
const PANELS: Record<Panel, PanelForm> = {
  reply: {
    label: REVIEW_TEXT.replyLabel,
    submitLabel: REVIEW_TEXT.postReply,
    maxLength: REVIEW_LIMITS.replyMaxLength,
    schema: z.object({ text: replyRequestSchema.shape.body }),
  },
  report: {
    label: REVIEW_TEXT.reportLabel,
    submitLabel: REVIEW_TEXT.sendReport,
    maxLength: REVIEW_LIMITS.reportReasonMaxLength,
    schema: z.object({ text: reportRequestSchema.shape.reason }),
  },
};

/** The open panel's form: its text (trimmed; '' when left empty) goes to `send`, whose failure it shows. */
function TextForm({
  panel,
  send,
  onCancel,
}: {
  panel: Panel;
  send: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const { label, submitLabel, maxLength, schema } = PANELS[panel];
  const [problem, setProblem] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(schema, { text: '' }),
    onSubmit: ({ value, formApi }) =>
      sendForm(formApi, setProblem, () => send(schema.parse(value).text ?? '')),
  });
  return (
    <InlineForm
      form={form}
      className="space-y-2"
      submit={submitLabel}
      cancel={REVIEW_TEXT.cancel}
      onCancel={onCancel}
      message={problem}
    >
      <form.AppField name="text">
        {(field) => <field.TextAreaField id={id} label={label} rows={3} maxLength={maxLength} />}
      </form.AppField>
    </InlineForm>
  );
}

export function ReviewItem({
  review,
  isMine,
  canReply,
  canReport,
}: {
  review: Review;
  isMine: boolean;
  canReply: boolean;
  canReport: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Panel | null>(null);
  const [reported, setReported] = useState(false);
  const reply = useMutation(trpc.reviews.reply.mutationOptions());
  const report = useMutation(trpc.reviews.report.mutationOptions());

  /** What the open panel's text does: the reply posted, or the report sent (an empty reason is none). */
  const sends: Record<Panel, (text: string) => Promise<void>> = {
    reply: async (body) => {
      const result = await reply.mutateAsync({ id: review._id, body });
      toast.success(result.message);
      setOpen(null);
      await queryClient.invalidateQueries(trpc.reviews.list.pathFilter());
    },
    report: async (reason) => {
      const result = await report.mutateAsync({ id: review._id, ...(reason ? { reason } : {}) });
      toast.success(result.message);
      setOpen(null);
      setReported(true);
    },
  };

  /** The button that opens or closes a panel. */
  const toggleButton = (panel: Panel, label: string, text: string) => (
    <button
      type="button"
      aria-expanded={open === panel}
      aria-label={label}
      onClick={() => setOpen((current) => (current === panel ? null : panel))}
      className={smallSecondary}
    >
      {text}
    </button>
  );
  const mayReply = canReply && !review.reply && !isMine;
  const mayReport = canReport && !isMine;

  return (
    <li className="space-y-3 py-4">
      <ReviewBody review={review} isMine={isMine} />
      {mayReply || mayReport ? (
        <div className="flex flex-wrap items-center gap-2">
          {mayReply
            ? toggleButton('reply', REVIEW_TEXT.replyTo(review.author.name), REVIEW_TEXT.reply)
            : null}
          {mayReport ? (
            reported ? (
              <span className="text-sm text-slate-600 dark:text-slate-400">{REVIEW_TEXT.reported}</span>
            ) : (
              toggleButton('report', REVIEW_TEXT.reportReview(review.author.name), REVIEW_TEXT.report)
            )
          ) : null}
        </div>
      ) : null}
      {open ? <TextForm key={open} panel={open} send={sends[open]} onCancel={() => setOpen(null)} /> : null}
    </li>
  );
}
