/**
 * Hands a file the page holds (a Blob) to the browser as a download under `fileName`: the one way the app
 * saves a file, whether fetched (download-pdf.ts) or made in the page (a course's notes as Markdown, a gradebook as CSV).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later rather than at once: the browser reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
