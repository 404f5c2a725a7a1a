/** "Download PDF": the certificate's PDF, saved with the shared DownloadButton. */
import { DownloadButton } from '~/components/ui/DownloadButton';
import { actionClassName } from '~/components/ui/ui-classes';
import { CERTIFICATE_FILE_NAME, certificatePdfUrl } from './certificate-download';
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
  return (
    <DownloadButton
      url={certificatePdfUrl(certificateId)}
      fileName={CERTIFICATE_FILE_NAME}
      label={label}
      busyLabel={CERTIFICATES_TEXT.downloading}
      failedMessage={CERTIFICATES_TEXT.downloadFailed}
      accessibleName={accessibleName}
      className={actionClassName(tone, 'small')}
    />
  );
}
