/**
 * The admin's revoke form on the verification page: a reason (required, as the server requires), a
 * confirmation, then the page shows the revoked certificate the server answered with.
 */
import { CERTIFICATE_REVOKE_REASON_MAX_LENGTH } from '@lectio/contracts/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { actionClassName, fieldClassName, labelClassName, panelClassName } from '~/components/ui/ui-classes';
import { FormMessage } from '~/features/auth/FormMessage';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { CERTIFICATES_TEXT } from './certificates-text';

export function RevokeCertificateForm({ certificateId }: { certificateId: string }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const revoke = useMutation(trpc.certificates.revoke.mutationOptions());
  const blank = reason.trim() === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || revoke.isPending || !window.confirm(CERTIFICATES_TEXT.revokeConfirm)) return;
    setServerMessage(null);
    try {
      const result = await revoke.mutateAsync({ id: certificateId, reason });
      queryClient.setQueryData(trpc.certificates.verify.queryKey({ id: certificateId }), result.certificate);
      toast.success(result.message);
    } catch (error) {
      setServerMessage(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="revoke-heading" className={`${panelClassName} space-y-4`}>
      <div className="space-y-1">
        <h2 id="revoke-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {CERTIFICATES_TEXT.revokeHeading}
        </h2>
        <p id="revoke-hint" className="text-sm text-slate-700 dark:text-slate-300">
          {CERTIFICATES_TEXT.revokeHint}
        </p>
      </div>
      <form noValidate onSubmit={handleSubmit} className="space-y-3" aria-busy={revoke.isPending}>
        <div className="space-y-1">
          <label htmlFor="revoke-reason" className={labelClassName}>
            {CERTIFICATES_TEXT.reasonLabel}
          </label>
          <textarea
            id="revoke-reason"
            rows={3}
            maxLength={CERTIFICATE_REVOKE_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby="revoke-hint"
            className={fieldClassName}
          />
        </div>
        <button type="submit" disabled={blank || revoke.isPending} className={actionClassName('danger')}>
          {revoke.isPending ? CERTIFICATES_TEXT.revoking : CERTIFICATES_TEXT.revokeButton}
        </button>
        <FormMessage message={serverMessage} />
      </form>
    </section>
  );
}
