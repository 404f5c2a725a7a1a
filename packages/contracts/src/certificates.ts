/**
 * Certificates of completion (issue 13; docs/decisions/0037-certificates.md). A student who completes
 * every lecture of a course they are enrolled in gets one certificate for it, issued by the progress write
 * that completed the course. Its facts (names, title, date) are copied at issue time. Anyone can verify a
 * certificate by its id; its owner and admins download it as a PDF (an HTTP route, http-routes.ts);
 * revoking is an admin action.
 */
import { z } from 'zod';
import { CERTIFICATE_MESSAGES, VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, PUBLIC, requires } from './permissions.js';
import { dateTimeString, inputString, uuidString } from './schema-formats.js';

/** The PDF download (an HTTP route, http-routes.ts), under /api/v1; `{id}` is the certificate's. */
export const CERTIFICATE_PDF_PATH = '/certificates/{id}/pdf';

/** Longest revocation reason an admin may give. */
export const CERTIFICATE_REVOKE_REASON_MAX_LENGTH = 500;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A certificate id as input. Unlike other ids (where any text is looked up and answers 404), a malformed
 * one is refused with 400: the id comes from a printed or scanned address, and saying "this is not a
 * certificate address" helps more than "not found".
 */
export const certificateIdInput = () =>
  inputString({ error: CERTIFICATE_MESSAGES.invalidId })
    .regex(UUID_PATTERN, { error: CERTIFICATE_MESSAGES.invalidId })
    .meta({ format: 'uuid' });

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** What a certificate states, as anyone verifying it sees it. */
export const certificateVerificationSchema = z
  .object({
    id: uuidString(),
    status: z.enum(CERTIFICATE_STATUSES),
    studentName: z.string(),
    courseTitle: z.string(),
    instructorName: z.string(),
    issuedAt: dateTimeString(),
    revokedAt: dateTimeString().nullable(),
    /** Only for admins (and the owner, in `certificates.mine`); null for everyone else. */
    revokedReason: z.string().nullable(),
  })
  .meta({ id: 'CertificateVerification' });
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** One of the signed-in student's certificates. */
export const myCertificateSchema = certificateVerificationSchema
  .extend({
    /** The course it was issued for; null once that course has been deleted (the certificate stays). */
    courseId: uuidString().nullable(),
  })
  .meta({ id: 'MyCertificate' });
export type MyCertificate = z.infer<typeof myCertificateSchema>;

export const myCertificatesSchema = z.object({ certificates: z.array(myCertificateSchema) });
export type MyCertificates = z.infer<typeof myCertificatesSchema>;

export const revokeCertificateRequestSchema = z.object({
  reason: inputString({ error: CERTIFICATE_MESSAGES.reasonRequired })
    .trim()
    .min(1, CERTIFICATE_MESSAGES.reasonRequired)
    .max(
      CERTIFICATE_REVOKE_REASON_MAX_LENGTH,
      VALIDATION.tooLong('Reason', CERTIFICATE_REVOKE_REASON_MAX_LENGTH),
    ),
});

export const revokeCertificateResponseSchema = z.object({
  message: z.string(),
  certificate: certificateVerificationSchema,
});

const ADMIN = requires('all');

export const certificateOperations = defineOperations({
  mine: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'Your certificates, newest first',
    description:
      'Every certificate issued to you, revoked ones included (with the reason), newest first. The PDF of ' +
      'each is at GET /certificates/{id}/pdf.',
    output: myCertificatesSchema,
    rest: { method: 'GET', path: '/certificates/mine' },
  },
  verify: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Verify a certificate by its id',
    description:
      'What the certificate states and whether it is still valid. Public: the verification address printed ' +
      'on the certificate (and its QR code) leads to the page that calls this. A malformed id is a 400, an ' +
      'unknown one a 404. The revocation reason is shown to admins only.',
    input: z.object({ id: certificateIdInput() }),
    output: certificateVerificationSchema,
    rest: { method: 'GET', path: '/certificates/{id}' },
    errors: ['NOT_FOUND'],
  },
  revoke: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Revoke a certificate (admin)',
    description:
      'Marks the certificate revoked, with the reason, from now on: verifying it then says revoked. A ' +
      'revoked certificate stays revoked (409 when revoked already), and the student is not issued another ' +
      'for the same course.',
    input: z.object({ id: certificateIdInput() }).extend(revokeCertificateRequestSchema.shape),
    output: revokeCertificateResponseSchema,
    rest: { method: 'POST', path: '/certificates/{id}/revoke' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
