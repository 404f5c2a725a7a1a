/** Factories for the certificates.* operations' answers (see sequence.ts for ids and dates). */
import type { CertificateVerification, MyCertificate, MyCertificates } from '@lectio/contracts/certificates';
import { INSTRUCTOR_NAMES, SAMPLE_COURSES, STUDENT_NAMES } from './sample-content.js';
import { given, isoAt, next, nextId, pick, sequentialUuid } from './sequence.js';

/**
 * The `certificates.verify` output: a valid certificate (`status: 'revoked'` fills `revokedAt`, and the
 * reason, unless you give them).
 */
export function buildCertificateVerification(
  overrides: Partial<CertificateVerification> = {},
): CertificateVerification {
  const n = next();
  const revoked = overrides.status === 'revoked';
  return {
    id: sequentialUuid(n),
    status: 'valid',
    studentName: pick(STUDENT_NAMES, n),
    courseTitle: pick(SAMPLE_COURSES, n).title,
    instructorName: pick(INSTRUCTOR_NAMES, n),
    issuedAt: isoAt(n),
    revokedAt: revoked ? isoAt(n, 48) : null,
    revokedReason: revoked ? 'Issued in error' : null,
    ...given(overrides),
  };
}

/** One of the signed-in student's certificates (`certificates.mine`). */
export function buildMyCertificate(overrides: Partial<MyCertificate> = {}): MyCertificate {
  const { courseId, ...fields } = given(overrides);
  return { ...buildCertificateVerification(fields), courseId: courseId === undefined ? nextId() : courseId };
}

/** The `certificates.mine` output; one certificate by default, newest first as the server sorts them. */
export function buildMyCertificates(certificates?: MyCertificate[]): MyCertificates {
  return { certificates: certificates ?? [buildMyCertificate()] };
}
