/**
 * /dashboard/certificates, My certificates: the student's certificates, newest first, each with its
 * issue date, whether it is still valid, a PDF download and a link to its public verification page.
 */
import type { MyCertificate } from '@lectio/contracts/certificates';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { myCoursesLink, sectionBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { certificateDay } from './certificate-format';
import { myCertificatesQuery } from './certificate-queries';
import { CERTIFICATES_TEXT } from './certificates-text';
import { DownloadCertificateButton } from './DownloadCertificateButton';

function StatusBadge({ revoked }: { revoked: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        revoked
          ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
          : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
      }`}
    >
      {revoked ? CERTIFICATES_TEXT.revokedBadge : CERTIFICATES_TEXT.validBadge}
    </span>
  );
}

function CertificateItem({ certificate }: { certificate: MyCertificate }) {
  const headingId = `certificate-${certificate.id}`;
  const revoked = certificate.status === 'revoked';
  return (
    <article aria-labelledby={headingId} className={`${panelClassName} space-y-4`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900 dark:text-slate-100">
            {certificate.courseTitle}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {CERTIFICATES_TEXT.issuedOn(certificateDay(certificate.issuedAt))} ·{' '}
            {CERTIFICATES_TEXT.instructor} {certificate.instructorName}
          </p>
        </div>
        <StatusBadge revoked={revoked} />
      </div>
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
    </article>
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
      <div className="space-y-4">
        <p className="text-slate-700 dark:text-slate-300">{CERTIFICATES_TEXT.myEmpty}</p>
        <Link {...myCoursesLink(sectionBase(user?.role))} className={actionClassName('primary')}>
          {CERTIFICATES_TEXT.browseMyCourses}
        </Link>
      </div>
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
