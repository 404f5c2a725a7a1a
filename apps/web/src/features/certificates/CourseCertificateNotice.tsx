/**
 * In the lecture player once the course is complete: "Course complete" with the student's certificate for
 * it (download and verification page). Shows nothing until that certificate is known, and nothing for a
 * revoked one.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { actionClassName } from '~/components/ui/ui-classes';
import { myCertificatesQuery } from './certificate-queries';
import { CERTIFICATES_TEXT } from './certificates-text';
import { DownloadCertificateButton } from './DownloadCertificateButton';

export function CourseCertificateNotice({ courseId }: { courseId: string }) {
  const certificates = useQuery(myCertificatesQuery());
  const certificate = certificates.data?.find(
    (item) => item.courseId === courseId && item.status === 'valid',
  );
  if (!certificate) return null;
  return (
    <section
      aria-labelledby="course-complete-heading"
      className="space-y-3 rounded-lg border border-emerald-600 bg-emerald-50 p-4 dark:border-emerald-500 dark:bg-emerald-950"
    >
      <h2 id="course-complete-heading" className="font-semibold text-emerald-900 dark:text-emerald-100">
        {CERTIFICATES_TEXT.courseComplete}
      </h2>
      <div className="flex flex-wrap gap-2">
        <DownloadCertificateButton
          certificateId={certificate.id}
          label={CERTIFICATES_TEXT.downloadCertificate}
        />
        <Link
          to="/certificates/$id"
          params={{ id: certificate.id }}
          className={actionClassName('secondary', 'small')}
        >
          {CERTIFICATES_TEXT.viewVerification}
        </Link>
      </div>
    </section>
  );
}
