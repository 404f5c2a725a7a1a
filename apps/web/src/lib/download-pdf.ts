/**
 * Downloads a PDF from an HTTP route of the API (certificates, receipts: bytes, not tRPC). The routes need
 * the session's Bearer token, which a plain link can't send, so the file is fetched with the session's
 * fetch (one refresh and retry on 401/403, as every API call gets), then handed to the browser as a
 * download under the name the server gave it.
 */
import { fetchWithSession, isAuthFailureStatus, noResponseError, tokenForRetry } from '~/lib/api';
import { saveBlob } from '~/lib/save-file';
import { getSession } from '~/lib/session';

/** The `filename` of a Content-Disposition header (the server sends a plain ASCII one). */
export function fileNameFromDisposition(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/i.exec(header) : null;
  return match?.[1] ?? null;
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

/** Saves the PDF at `url` (an /api/v1 path); rejects when it could not be fetched. */
export async function downloadPdf(url: string, defaultFileName: string): Promise<void> {
  const response = await fetchPdf(url);
  if (!response.ok) throw new Error(`Download of ${url} failed with status ${response.status}`);
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? defaultFileName);
}
