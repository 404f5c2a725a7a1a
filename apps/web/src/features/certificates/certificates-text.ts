/**
 * Wording of the certificate screens (docs/decisions/0037-certificates.md): the public verification page,
 * My certificates and the player's "course complete" notice. Server messages come from
 * CERTIFICATE_MESSAGES in the contracts.
 */
export const CERTIFICATES_TEXT = {
  pageTitle: 'Certificate verification',
  loading: 'Checking the certificate...',
  validHeading: 'Valid certificate',
  validLead: 'This certificate was issued by Lectio and is valid.',
  revokedHeading: 'Revoked certificate',
  revokedLead: 'This certificate was issued by Lectio but has been revoked. It is no longer valid.',
  notFound: 'No certificate has this address. Check that it was copied in full.',
  invalidAddress: 'This is not a certificate address. Check that it was copied in full.',
  loadFailed: 'The certificate could not be checked. Please try again later.',
  retry: 'Try again',
  student: 'Awarded to',
  course: 'Course',
  instructor: 'Instructor',
  issued: 'Issued',
  revokedOn: 'Revoked',
  reason: 'Reason',
  certificateId: 'Certificate ID',
  // Admin
  revokeHeading: 'Revoke this certificate',
  revokeHint:
    'Admins only. The verification page will say the certificate is revoked; this cannot be undone.',
  reasonLabel: 'Reason for revoking',
  revokeButton: 'Revoke certificate',
  revoking: 'Revoking...',
  revokeConfirm: 'Revoke this certificate? Anyone verifying it will see it is no longer valid.',
  // My certificates
  myCertificates: 'My Certificates',
  myLoading: 'Loading your certificates...',
  myLoadFailed: 'Failed to load your certificates. Please try again later.',
  myEmpty: 'You have no certificates yet. Complete every lecture of a course to earn one.',
  browseMyCourses: 'Go to My Courses',
  download: 'Download PDF',
  downloading: 'Downloading...',
  downloadFailed: 'The certificate could not be downloaded. Please try again.',
  viewVerification: 'View verification',
  // Accessible names that start with the visible text (WCAG 2.5.3), telling the rows' buttons apart.
  downloadLabel: (course: string) => `Download PDF of the certificate for ${course}`,
  verificationLabel: (course: string) => `View verification of the certificate for ${course}`,
  issuedOn: (date: string) => `Issued ${date}`,
  revokedBadge: 'Revoked',
  validBadge: 'Valid',
  // Lecture player
  courseComplete: 'Course complete',
  downloadCertificate: 'Download certificate',
} as const;
