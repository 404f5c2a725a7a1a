/**
 * A button that downloads a file (a certificate's or a receipt's PDF) with the session, through the one
 * download helper (lib/download-pdf.ts), and saves it. While it runs it is disabled and says so; a
 * failure is a toast.
 */
import { useState } from 'react';
import { downloadPdf } from '~/lib/download-pdf';
import { toast } from '~/lib/toast';

export interface DownloadButtonProps {
  /** The API URL of the file. */
  url: string;
  /** The file name to save under when the answer names none. */
  fileName: string;
  label: string;
  busyLabel: string;
  failedMessage: string;
  /** A longer name for screen readers where several buttons share the visible label. */
  accessibleName?: string | undefined;
  className: string;
}

export function DownloadButton({
  url,
  fileName,
  label,
  busyLabel,
  failedMessage,
  accessibleName,
  className,
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadPdf(url, fileName);
    } catch {
      toast.error(failedMessage);
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
      className={className}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
