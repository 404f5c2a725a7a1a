/** Where a certificate's PDF is (GET /api/v1/certificates/{id}/pdf); DownloadCertificateButton saves it. */
import { CERTIFICATE_PDF_PATH } from '@lectio/contracts/certificates';
import { fillPath } from '@lectio/contracts/operation';
import { API_PREFIX } from '@lectio/contracts/rest-paths';

export { fileNameFromDisposition } from '~/lib/download-pdf';

/** The file name to save under when the answer names none. */
export const CERTIFICATE_FILE_NAME = 'lectio-certificate.pdf';

export function certificatePdfUrl(certificateId: string): string {
  return `${API_PREFIX}${fillPath(CERTIFICATE_PDF_PATH, { id: certificateId })}`;
}
