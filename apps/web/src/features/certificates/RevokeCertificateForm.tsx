/**
 * The admin's revoke form on the verification page: a reason (required, as the server requires; the
 * contract's `revokeCertificateRequestSchema`), a confirmation, then the page shows the revoked
 * certificate the server answered with.
 */
import {
  CERTIFICATE_REVOKE_REASON_MAX_LENGTH,
  revokeCertificateRequestSchema,
} from '@lectio/contracts/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { sendForm } from '~/components/ui/form/send-form';
import { PanelSection } from '~/components/ui/PanelSection';
import { actionClassName } from '~/components/ui/ui-classes';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { CERTIFICATES_TEXT } from './certificates-text';

export function RevokeCertificateForm({ certificateId }: { certificateId: string }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const revoke = useMutation(trpc.certificates.revoke.mutationOptions());
  const form = useAppForm({
    ...schemaForm(revokeCertificateRequestSchema, { reason: '' }),
    onSubmit: async ({ value, formApi }) => {
      if (!window.confirm(CERTIFICATES_TEXT.revokeConfirm)) return;
      const result = await sendForm(formApi, setMessage, () =>
        revoke.mutateAsync({ id: certificateId, ...value }),
      );
      if (!result) return;
      queryClient.setQueryData(trpc.certificates.verify.queryKey({ id: certificateId }), result.certificate);
      toast.success(result.message);
    },
  });

  return (
    <PanelSection title={CERTIFICATES_TEXT.revokeHeading} className="space-y-4">
      <FormShell
        form={form}
        className="space-y-3"
        submit={revoke.isPending ? CERTIFICATES_TEXT.revoking : CERTIFICATES_TEXT.revokeButton}
        submitClassName={actionClassName('danger')}
        message={message}
      >
        <form.AppField name="reason">
          {(field) => (
            <field.TextAreaField
              id="revoke-reason"
              label={CERTIFICATES_TEXT.reasonLabel}
              hint={CERTIFICATES_TEXT.revokeHint}
              rows={3}
              maxLength={CERTIFICATE_REVOKE_REASON_MAX_LENGTH}
            />
          )}
        </form.AppField>
      </FormShell>
    </PanelSection>
  );
}
