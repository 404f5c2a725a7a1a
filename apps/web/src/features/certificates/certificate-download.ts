/** Downloads a certificate's PDF (GET /api/v1/certificates/{id}/pdf) with the session (lib/download-pdf.ts). */
import { CERTIFICATE_PDF_PATH } from '@lectio/contracts/certificates';
import { fillPath } from '@lectio/contracts/operation';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import { downloadPdf } from '~/lib/download-pdf';

export { fileNameFromDisposition } from '~/lib/download-pdf';

const DEFAULT_FILE_NAME = 'lectio-certificate.pdf';

export function certificatePdfUrl(certificateId: string): string {
  return `${API_PREFIX}${fillPath(CERTIFICATE_PDF_PATH, { id: certificateId })}`;
}

/** Saves the certificate's PDF; rejects when it could not be fetched. */
export function downloadCertificatePdf(certificateId: string): Promise<void> {
  return downloadPdf(certificatePdfUrl(certificateId), DEFAULT_FILE_NAME);
}
