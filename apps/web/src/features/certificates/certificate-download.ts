/**
 * Downloads a certificate's PDF (GET /api/v1/certificates/{id}/pdf, an HTTP route: binary, not tRPC). The
 * route needs the session's Bearer token, which a plain link can't send, so the file is fetched with the
 * session's fetch (one refresh and retry on 401/403, as every API call gets), then handed to the browser
 * as a download under the name the server gave it.
 */
import { CERTIFICATE_PDF_PATH } from '@lectio/contracts/certificates';
import { fillPath } from '@lectio/contracts/operation';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import { fetchWithSession, isAuthFailureStatus, noResponseError, tokenForRetry } from '~/lib/api';
import { getSession } from '~/lib/session';

const DEFAULT_FILE_NAME = 'lectio-certificate.pdf';

/** The `filename` of a Content-Disposition header (the server sends a plain ASCII one). */
export function fileNameFromDisposition(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function certificatePdfUrl(certificateId: string): string {
  return `${API_PREFIX}${fillPath(CERTIFICATE_PDF_PATH, { id: certificateId })}`;
}

async function fetchPdf(url: string): Promise<Response> {
  const tokenSent = getSession().token;
  const init = { headers: { Accept: 'application/pdf' } };
  try {
    const response = await fetchWithSession(url, init);
    if (!isAuthFailureStatus(response.status)) return response;
    const token = await tokenForRetry(tokenSent);
    return token ? await fetchWithSession(url, init) : response;
  } catch {
    throw noResponseError();
  }
}

/** Saves the certificate's PDF; rejects when it could not be fetched. */
export async function downloadCertificatePdf(certificateId: string): Promise<void> {
  const response = await fetchPdf(certificatePdfUrl(certificateId));
  if (!response.ok) throw new Error(`Certificate download failed with status ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? DEFAULT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later rather than at once: the browser reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
