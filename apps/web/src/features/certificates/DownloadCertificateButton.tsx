/** "Download PDF": fetches the certificate's PDF with the session and saves it; a failure is a toast. */
import { useState } from 'react';
import { toast } from '~/lib/toast';
import { actionClassName } from '../catalog/ui-classes';
import { downloadCertificatePdf } from './certificate-download';
import { CERTIFICATES_TEXT } from './certificates-text';

export function DownloadCertificateButton({
  certificateId,
  label = CERTIFICATES_TEXT.download,
  accessibleName,
  tone = 'primary',
}: {
  certificateId: string;
  label?: string;
  /** A longer name for screen readers where several buttons share the visible label. */
  accessibleName?: string;
  tone?: 'primary' | 'secondary';
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadCertificatePdf(certificateId);
    } catch {
      toast.error(CERTIFICATES_TEXT.downloadFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      aria-label={accessibleName}
      aria-busy={busy}
      className={actionClassName(tone, 'small')}
    >
      {busy ? CERTIFICATES_TEXT.downloading : label}
    </button>
  );
}
