/**
 * Writing or editing one's review: the stars (a radio group) and optional text. The stars are required;
 * a missing choice is said next to them, nothing is sent. What the server refuses is shown as sent back.
 */
import { REVIEW_LIMITS } from '@lectio/contracts/constants';
import type { OwnReview } from '@lectio/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  errorTextClassName,
  fieldClassName,
  labelClassName,
  primaryActionClassName,
  secondaryActionClassName,
} from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { invalidateAfterReviewWrite } from './review-queries';
import { REVIEW_TEXT } from './review-text';
import { StarInput } from './Stars';

export function ReviewForm({
  courseId,
  existing,
  onDone,
}: {
  courseId: string;
  /** The review being edited; absent when writing a new one. */
  existing?: OwnReview;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [stars, setStars] = useState<number | null>(existing?.rating ?? null);
  const [body, setBody] = useState(existing?.body ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [starsMissing, setStarsMissing] = useState(false);

  const handlers = {
    onSuccess: async (result: { message: string }) => {
      toast.success(result.message);
      await invalidateAfterReviewWrite(queryClient);
      onDone?.();
    },
    onError: (error: unknown) => setProblem(errorMessage(error)),
  };
  const create = useMutation(trpc.reviews.create.mutationOptions(handlers));
  const update = useMutation(trpc.reviews.update.mutationOptions(handlers));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (stars === null) {
      setStarsMissing(true);
      return;
    }
    const text = body.trim() || null;
    if (existing) update.mutate({ id: existing._id, rating: stars, body: text });
    else create.mutate({ courseId, rating: stars, body: text });
  }

  const starsErrorId = `${id}-stars-error`;
  const hintId = `${id}-hint`;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label={existing ? REVIEW_TEXT.editReview : REVIEW_TEXT.writeReview}
    >
      <StarInput
        name={`${id}-stars`}
        value={stars}
        onChange={(value) => {
          setStars(value);
          setStarsMissing(false);
        }}
        invalid={starsMissing}
        {...(starsMissing ? { describedBy: starsErrorId } : {})}
      />
      {starsMissing ? (
        <p id={starsErrorId} role="alert" className={errorTextClassName}>
          {REVIEW_TEXT.ratingRequired}
        </p>
      ) : null}
      <div className="space-y-1">
        <label htmlFor={`${id}-body`} className={labelClassName}>
          {REVIEW_TEXT.bodyLabel}
        </label>
        <textarea
          id={`${id}-body`}
          value={body}
          rows={4}
          maxLength={REVIEW_LIMITS.bodyMaxLength}
          aria-describedby={hintId}
          onChange={(event) => setBody(event.target.value)}
          className={fieldClassName}
        />
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {REVIEW_TEXT.bodyHint(REVIEW_LIMITS.bodyMaxLength)}
        </p>
      </div>
      {problem ? (
        <p role="alert" className={errorTextClassName}>
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={primaryActionClassName}>
          {existing
            ? pending
              ? REVIEW_TEXT.saving
              : REVIEW_TEXT.save
            : pending
              ? REVIEW_TEXT.posting
              : REVIEW_TEXT.post}
        </button>
        {existing && onDone ? (
          <button type="button" onClick={onDone} className={secondaryActionClassName}>
            {REVIEW_TEXT.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
