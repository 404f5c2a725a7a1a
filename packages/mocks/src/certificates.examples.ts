/**
 * The certificates.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { CERTIFICATE_ID, UPDATED_AT } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const certificatesExamples: NamespaceExamples<'certificates'> = {
  verify: { input: { id: CERTIFICATE_ID } },
  revoke: {
    input: { id: CERTIFICATE_ID, reason: 'Issued for a course completed by someone else' },
    output: {
      message: 'The certificate was revoked',
      certificate: {
        id: CERTIFICATE_ID,
        status: 'revoked',
        studentName: 'Ravi Kumar',
        courseTitle: 'Full-Stack TypeScript',
        instructorName: 'Asha Rao',
        issuedAt: UPDATED_AT,
        revokedAt: '2026-04-20T08:15:00.000Z',
        revokedReason: 'Issued for a course completed by someone else',
      },
    },
  },
};
