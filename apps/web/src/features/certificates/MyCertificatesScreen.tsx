/**
 * /dashboard/certificates, My certificates: the student's certificates, newest first, each with its
 * issue date, whether it is still valid, a PDF download and a link to its public verification page.
 */
import type { MyCertificate } from '@lectio/contracts/certificates';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Badge } from '~/components/ui/Badge';
import { EmptyState } from '~/components/ui/EmptyState';
import { ItemCard } from '~/components/ui/ItemCard';
import { actionClassName } from '~/components/ui/ui-classes';
import { myCoursesLink, sectionBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { certificateDay } from './certificate-format';
import { myCertificatesQuery } from './certificate-queries';
import { CERTIFICATES_TEXT } from './certificates-text';
import { DownloadCertificateButton } from './DownloadCertificateButton';

function CertificateItem({ certificate }: { certificate: MyCertificate }) {
  const revoked = certificate.status === 'revoked';
  return (
    <ItemCard
      headingId={`certificate-${certificate.id}`}
      heading={certificate.courseTitle}
      className="space-y-4"
      details={
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {CERTIFICATES_TEXT.issuedOn(certificateDay(certificate.issuedAt))} · {CERTIFICATES_TEXT.instructor}{' '}
          {certificate.instructorName}
        </p>
      }
      badge={
        <Badge tone={revoked ? 'red' : 'green'}>
          {revoked ? CERTIFICATES_TEXT.revokedBadge : CERTIFICATES_TEXT.validBadge}
        </Badge>
      }
    >
      {revoked && certificate.revokedReason ? (
        <p className="text-sm text-red-800 dark:text-red-300">
          {CERTIFICATES_TEXT.reason}: {certificate.revokedReason}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <DownloadCertificateButton
          certificateId={certificate.id}
          accessibleName={CERTIFICATES_TEXT.downloadLabel(certificate.courseTitle)}
        />
        <Link
          to="/certificates/$id"
          params={{ id: certificate.id }}
          aria-label={CERTIFICATES_TEXT.verificationLabel(certificate.courseTitle)}
          className={actionClassName('secondary', 'small')}
        >
          {CERTIFICATES_TEXT.viewVerification}
        </Link>
      </div>
    </ItemCard>
  );
}

export function MyCertificatesScreen() {
  const { user } = useSession();
  const certificates = useQuery({ ...myCertificatesQuery(), enabled: user !== null });

  let body: ReactNode;
  if (certificates.isPending) {
    body = <p role="status">{CERTIFICATES_TEXT.myLoading}</p>;
  } else if (certificates.isError) {
    body = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {CERTIFICATES_TEXT.myLoadFailed}
      </p>
    );
  } else if (certificates.data.length === 0) {
    body = (
      <EmptyState message={CERTIFICATES_TEXT.myEmpty}>
        <Link {...myCoursesLink(sectionBase(user?.role))} className={actionClassName('primary')}>
          {CERTIFICATES_TEXT.browseMyCourses}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="space-y-4">
        {certificates.data.map((certificate) => (
          <li key={certificate.id}>
            <CertificateItem certificate={certificate} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{CERTIFICATES_TEXT.myCertificates}</h1>
      {body}
    </div>
  );
}
