/** Content negotiation for the bodies the server compresses once and keeps (the web app's index page). */

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with: brotli, then gzip, among those the Accept-Encoding header allows
 * (`q=0` refuses one); null for the plain file.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = [acceptEncoding ?? ''].flat().join(',').toLowerCase();
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}
