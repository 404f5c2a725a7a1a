/**
 * GET /certificates/{id}/pdf: the certificate as a PDF attachment, for its owner or an admin (the service
 * answers 404 to anyone else). Made on request and never cached by shared caches: it names a person.
 */
import { renderCertificatePdf } from '../../services/certificates/certificate-pdf';
import { loadCertificateForDownload } from '../../services/certificates/read-certificates';
import type { HttpHandlers } from '../types';

const PRODUCT_NAME = 'Lectio';

/** `lectio-certificate-full-stack-typescript.pdf`: ASCII only, so every browser keeps it as is. */
export function certificateFileName(courseTitle: string): string {
  const slug = courseTitle
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `lectio-certificate${slug ? `-${slug}` : ''}.pdf`;
}

/** The verification page's address: the web app's `/certificates/{id}` under PUBLIC_URL. */
export function verificationUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/certificates/${encodeURIComponent(id)}`;
}

export const certificateHandlers: Pick<HttpHandlers, 'certificates.pdf'> = {
  async 'certificates.pdf'({ services, actor, params, reply }) {
    const certificate = await loadCertificateForDownload(services, actor, params.id);
    const pdf = await renderCertificatePdf({
      certificate,
      verificationUrl: verificationUrl(services.config.publicUrl, certificate.id),
      productName: PRODUCT_NAME,
    });
    return reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${certificateFileName(certificate.courseTitle)}"`)
      .header('content-length', String(pdf.byteLength))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  },
};
