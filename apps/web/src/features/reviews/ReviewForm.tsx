/**
 * Writing or editing one's review: the stars (a radio group) and optional text, by the contract's review
 * rules. The stars are required: a missing choice is said next to them, nothing is sent. What the server
 * refuses is shown as sent back.
 */
import { REVIEW_LIMITS } from '@lectio/contracts/constants';
import { createReviewRequestSchema, type OwnReview } from '@lectio/contracts/reviews';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { schemaForm, useAppForm, useFieldBinding } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import {
  errorTextClassName,
  primaryActionClassName,
  secondaryActionClassName,
} from '~/components/ui/ui-classes';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { invalidateAfterReviewWrite } from './review-queries';
import { REVIEW_TEXT } from './review-text';
import { StarInput } from './Stars';

/** The contract's review, read from the form: no stars chosen yet is null, which its rating rule refuses. */
const reviewFormSchema = createReviewRequestSchema.extend({
  rating: z.number().nullable().pipe(createReviewRequestSchema.shape.rating),
});

/** The stars as the form's rating field; its error is said under them. */
function StarsField({ name }: { name: string }) {
  const { value, onValueChange, error } = useFieldBinding<number | null>();
  const errorId = `${name}-error`;
  return (
    <>
      <StarInput
        name={name}
        value={value}
        onChange={onValueChange}
        invalid={error !== undefined}
        {...(error ? { describedBy: errorId } : {})}
      />
      {error ? (
        <p id={errorId} role="alert" className={errorTextClassName}>
          {error}
        </p>
      ) : null}
    </>
  );
}

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
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation(trpc.reviews.create.mutationOptions());
  const update = useMutation(trpc.reviews.update.mutationOptions());

  const form = useAppForm({
    ...schemaForm(reviewFormSchema, { rating: existing?.rating ?? null, body: existing?.body ?? '' }),
    onSubmit: async ({ value, formApi }) => {
      const { rating, body } = reviewFormSchema.parse(value);
      // Blank text is no text.
      const review = { rating, body: body || null };
      const result = await sendForm(formApi, setProblem, () =>
        existing
          ? update.mutateAsync({ id: existing._id, ...review })
          : create.mutateAsync({ courseId, ...review }),
      );
      if (!result) return;
      toast.success(result.message);
      await invalidateAfterReviewWrite(queryClient);
      onDone?.();
    },
  });
  const pending = useStore(form.store, (state) => state.isSubmitting);

  return (
    <InlineForm
      form={form}
      label={existing ? REVIEW_TEXT.editReview : REVIEW_TEXT.writeReview}
      submit={
        existing
          ? pending
            ? REVIEW_TEXT.saving
            : REVIEW_TEXT.save
          : pending
            ? REVIEW_TEXT.posting
            : REVIEW_TEXT.post
      }
      submitClassName={primaryActionClassName}
      cancel={REVIEW_TEXT.cancel}
      onCancel={existing ? onDone : undefined}
      cancelClassName={secondaryActionClassName}
      message={problem}
    >
      <form.AppField name="rating">{() => <StarsField name={`${id}-stars`} />}</form.AppField>
      <form.AppField name="body">
        {(field) => (
          <field.TextAreaField
            id={`${id}-body`}
            label={REVIEW_TEXT.bodyLabel}
            hint={REVIEW_TEXT.bodyHint(REVIEW_LIMITS.bodyMaxLength)}
            rows={4}
            maxLength={REVIEW_LIMITS.bodyMaxLength}
          />
        )}
      </form.AppField>
    </InlineForm>
  );
}
