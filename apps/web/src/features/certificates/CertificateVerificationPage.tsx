/**
 * /certificates/{id}, the public verification page (docs/decisions/0037-certificates.md): the address
 * printed on each certificate and in its QR code. Anyone, signed in or not, sees whether the certificate is
 * valid or revoked and what it states. An admin also sees the revocation reason and, on a valid one, a
 * form to revoke it.
 */
import type { CertificateVerification } from '@lectio/contracts/certificates';
import { can } from '@lectio/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PublicPage } from '~/components/PublicPage';
import { OutlineIcon } from '~/components/ui/OutlineIcon';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { serverFailure } from '~/lib/api-errors';
import { useSession } from '~/lib/session';
import { certificateDay } from './certificate-format';
import { certificateVerificationQuery } from './certificate-queries';
import { CERTIFICATES_TEXT } from './certificates-text';
import { RevokeCertificateForm } from './RevokeCertificateForm';

function StatusIcon({ valid }: { valid: boolean }) {
  return (
    <OutlineIcon d={valid ? 'm7.5 12.5 3 3 6-6.5' : 'm8.5 8.5 7 7m0-7-7 7'} className="h-8 w-8 shrink-0">
      <circle cx="12" cy="12" r="9.5" strokeWidth="1.8" />
    </OutlineIcon>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="sm:grid sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export function CertificateDetails({ certificate }: { certificate: CertificateVerification }) {
  const valid = certificate.status === 'valid';
  return (
    <section
      aria-labelledby="certificate-status"
      className={`${panelClassName} space-y-6 border-l-4 ${valid ? 'border-l-emerald-600' : 'border-l-red-700'}`}
    >
      <div
        className={`flex items-start gap-3 ${valid ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}`}
      >
        <StatusIcon valid={valid} />
        <div className="space-y-1">
          <h2 id="certificate-status" className="text-xl font-semibold">
            {valid ? CERTIFICATES_TEXT.validHeading : CERTIFICATES_TEXT.revokedHeading}
          </h2>
          <p className="text-slate-700 dark:text-slate-300">
            {valid ? CERTIFICATES_TEXT.validLead : CERTIFICATES_TEXT.revokedLead}
          </p>
        </div>
      </div>
      <dl className="space-y-3">
        <Fact term={CERTIFICATES_TEXT.student}>{certificate.studentName}</Fact>
        <Fact term={CERTIFICATES_TEXT.course}>{certificate.courseTitle}</Fact>
        <Fact term={CERTIFICATES_TEXT.instructor}>{certificate.instructorName}</Fact>
        <Fact term={CERTIFICATES_TEXT.issued}>{certificateDay(certificate.issuedAt)}</Fact>
        {certificate.revokedAt ? (
          <Fact term={CERTIFICATES_TEXT.revokedOn}>{certificateDay(certificate.revokedAt)}</Fact>
        ) : null}
        {certificate.revokedReason ? (
          <Fact term={CERTIFICATES_TEXT.reason}>{certificate.revokedReason}</Fact>
        ) : null}
        <Fact term={CERTIFICATES_TEXT.certificateId}>{certificate.id}</Fact>
      </dl>
    </section>
  );
}

function failureText(error: unknown): string {
  const status = serverFailure(error)?.status;
  if (status === 400) return CERTIFICATES_TEXT.invalidAddress;
  if (status === 404) return CERTIFICATES_TEXT.notFound;
  return CERTIFICATES_TEXT.loadFailed;
}

export function CertificateVerificationPage({ id }: { id: string }) {
  const { user } = useSession();
  const verification = useQuery(certificateVerificationQuery(id));

  let body: ReactNode;
  if (verification.isPending) {
    body = <p role="status">{CERTIFICATES_TEXT.loading}</p>;
  } else if (verification.isError) {
    const status = serverFailure(verification.error)?.status;
    body = (
      <div className="space-y-4">
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {failureText(verification.error)}
        </p>
        {status === 400 || status === 404 ? null : (
          <button
            type="button"
            onClick={() => void verification.refetch()}
            className={actionClassName('secondary', 'small')}
          >
            {CERTIFICATES_TEXT.retry}
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <div className="space-y-8">
        <CertificateDetails certificate={verification.data} />
        {can(user, 'all') && verification.data.status === 'valid' ? (
          <RevokeCertificateForm certificateId={verification.data.id} />
        ) : null}
      </div>
    );
  }

  return <PublicPage title={CERTIFICATES_TEXT.pageTitle}>{body}</PublicPage>;
}
