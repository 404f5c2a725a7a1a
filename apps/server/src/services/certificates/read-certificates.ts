/**
 * Reading certificates: the signed-in student's own, the public verification of one, and the one a PDF
 * is made from. Who may see what (docs/decisions/0037-certificates.md):
 * - anyone verifies any certificate by its id: what it states and whether it is still valid;
 * - the revocation reason goes to admins and to the certificate's owner, nobody else;
 * - the PDF goes to its owner and to admins; anyone else gets 404, as for an id that doesn't exist.
 */
import type { CertificateVerification, MyCertificate } from '@lectio/contracts/certificates';
import { CERTIFICATE_MESSAGES } from '@lectio/contracts/messages';
import { type Certificate, certificates } from '@lectio/db';
import { desc, eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { isAdmin } from '../courses/course-access';

export type CertificateRow = Certificate;

export function presentVerification(row: CertificateRow, showReason: boolean): CertificateVerification {
  return {
    id: row.id,
    status: row.revokedAt ? 'revoked' : 'valid',
    studentName: row.studentName,
    courseTitle: row.courseTitle,
    instructorName: row.instructorName,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: showReason ? row.revokedReason : null,
  };
}

/** The certificate, or 404. `id` has been checked as a uuid by the operation's input schema. */
export async function loadCertificate(ctx: ServiceContext, id: string): Promise<CertificateRow> {
  const [row] = await ctx.db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return row;
}

const isOwner = (actor: Actor | null, row: CertificateRow) => !!actor && row.userId === actor.id;

export async function verifyCertificate(
  ctx: ServiceContext,
  actor: Actor | null,
  id: string,
): Promise<CertificateVerification> {
  const row = await loadCertificate(ctx, id);
  return presentVerification(row, isAdmin(actor) || isOwner(actor, row));
}

/** The actor's certificates, newest first (revoked ones too: the student should know). */
export async function listMyCertificates(ctx: ServiceContext, actor: Actor): Promise<MyCertificate[]> {
  const rows = await ctx.db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, actor.id))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map((row) => ({ ...presentVerification(row, true), courseId: row.courseId }));
}

/** The certificate a PDF is made from: its owner's or, for an admin, anyone's; 404 for everyone else. */
export async function loadCertificateForDownload(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
): Promise<CertificateRow> {
  const row = await loadCertificate(ctx, id);
  if (!isOwner(actor, row) && !isAdmin(actor)) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return row;
}
