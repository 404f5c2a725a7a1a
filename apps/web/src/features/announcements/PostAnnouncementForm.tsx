/**
 * The instructor's form for a new announcement (the contract's schema binds the form, decision 0056): a
 * title and a Markdown message, a confirmation (it reaches every student and can't be unsent), then the
 * list above shows it with its delivery under way.
 */
import { ANNOUNCEMENT_LIMITS, postAnnouncementRequestSchema } from '@lectio/contracts/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { sendForm } from '~/components/ui/form/send-form';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ANNOUNCEMENTS_TEXT as T } from './announcements-text';

const formSchema = postAnnouncementRequestSchema.omit({ courseId: true });

export function PostAnnouncementForm({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const post = useMutation(trpc.announcements.post.mutationOptions());
  const form = useAppForm({
    ...schemaForm(formSchema, { title: '', body: '' }),
    onSubmit: async ({ value, formApi }) => {
      if (!window.confirm(T.postConfirm)) return;
      const result = await sendForm(formApi, setMessage, () => post.mutateAsync({ courseId, ...value }));
      if (!result) return;
      toast.success(result.message);
      formApi.reset();
      await queryClient.invalidateQueries(trpc.announcements.list.pathFilter());
    },
  });

  return (
    <section aria-labelledby="post-announcement-heading" className="space-y-3">
      <h3 id="post-announcement-heading" className="text-base font-semibold">
        {T.postHeading}
      </h3>
      <FormShell
        form={form}
        className="space-y-3"
        submit={post.isPending ? T.posting : T.post}
        message={message}
      >
        <form.AppField name="title">
          {(field) => (
            <field.TextField
              id="announcement-title"
              label={T.titleLabel}
              maxLength={ANNOUNCEMENT_LIMITS.titleLength}
            />
          )}
        </form.AppField>
        <form.AppField name="body">
          {(field) => (
            <field.TextAreaField
              id="announcement-body"
              label={T.bodyLabel}
              hint={T.bodyHint}
              rows={6}
              maxLength={ANNOUNCEMENT_LIMITS.bodyLength}
            />
          )}
        </form.AppField>
      </FormShell>
    </section>
  );
}
