/**
 * One review in the course's list: author (name and avatar), stars, date, text, the instructor's reply,
 * and what the viewer may do with it: reply (the course's instructor or an admin, once) or report it
 * (any signed-in user but its author).
 */
import { REVIEW_LIMITS } from '@lectio/contracts/constants';
import type { Review } from '@lectio/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  actionClassName,
  errorTextClassName,
  fieldClassName,
  labelClassName,
} from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { initials } from '../dashboard/initials';
import { formatReviewDate } from './review-format';
import { REVIEW_TEXT } from './review-text';
import { StarRating } from './Stars';

const smallPrimary = actionClassName('primary', 'small');
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

function TextForm({
  label,
  submitLabel,
  maxLength,
  required,
  pending,
  problem,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  maxLength: number;
  required: boolean;
  pending: boolean;
  problem: string | null;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(text.trim());
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        required={required}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        className={fieldClassName}
      />
      {problem ? (
        <p role="alert" className={errorTextClassName}>
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={pending} className={smallPrimary}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel} className={smallSecondary}>
          {REVIEW_TEXT.cancel}
        </button>
      </div>
    </form>
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
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  const [reported, setReported] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const reply = useMutation(
    trpc.reviews.reply.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        setOpen(null);
        await queryClient.invalidateQueries(trpc.reviews.list.pathFilter());
      },
      onError: (error) => setProblem(errorMessage(error)),
    }),
  );
  const report = useMutation(
    trpc.reviews.report.mutationOptions({
      onSuccess: (result) => {
        toast.success(result.message);
        setOpen(null);
        setReported(true);
      },
      onError: (error) => setProblem(errorMessage(error)),
    }),
  );

  const toggle = (panel: 'reply' | 'report') => {
    setProblem(null);
    setOpen((current) => (current === panel ? null : panel));
  };
  const mayReply = canReply && !review.reply && !isMine;
  const mayReport = canReport && !isMine;

  return (
    <li className="space-y-3 py-4">
      <ReviewBody review={review} isMine={isMine} />
      {mayReply || mayReport ? (
        <div className="flex flex-wrap items-center gap-2">
          {mayReply ? (
            <button
              type="button"
              aria-expanded={open === 'reply'}
              aria-label={REVIEW_TEXT.replyTo(review.author.name)}
              onClick={() => toggle('reply')}
              className={smallSecondary}
            >
              {REVIEW_TEXT.reply}
            </button>
          ) : null}
          {mayReport ? (
            reported ? (
              <span className="text-sm text-slate-600 dark:text-slate-400">{REVIEW_TEXT.reported}</span>
            ) : (
              <button
                type="button"
                aria-expanded={open === 'report'}
                aria-label={REVIEW_TEXT.reportReview(review.author.name)}
                onClick={() => toggle('report')}
                className={smallSecondary}
              >
                {REVIEW_TEXT.report}
              </button>
            )
          ) : null}
        </div>
      ) : null}
      {open === 'reply' ? (
        <TextForm
          label={REVIEW_TEXT.replyLabel}
          submitLabel={REVIEW_TEXT.postReply}
          maxLength={REVIEW_LIMITS.replyMaxLength}
          required
          pending={reply.isPending}
          problem={problem}
          onSubmit={(body) => reply.mutate({ id: review._id, body })}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open === 'report' ? (
        <TextForm
          label={REVIEW_TEXT.reportLabel}
          submitLabel={REVIEW_TEXT.sendReport}
          maxLength={REVIEW_LIMITS.reportReasonMaxLength}
          required={false}
          pending={report.isPending}
          problem={problem}
          onSubmit={(reason) => report.mutate({ id: review._id, ...(reason ? { reason } : {}) })}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </li>
  );
}
