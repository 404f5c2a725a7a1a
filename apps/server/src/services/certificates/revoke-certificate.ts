/**
 * Revoking a certificate (admins only: the operation's access). One conditional UPDATE, so of two admins
 * revoking at once exactly one succeeds and the other gets 409; the first reason stands. Revoking is for
 * good: the unique (user, course) row stays, so completing the course again issues nothing new.
 */
import type { CertificateVerification } from '@lectio/contracts/certificates';
import { CERTIFICATE_MESSAGES } from '@lectio/contracts/messages';
import { certificates } from '@lectio/db';
import { and, eq, isNull } from 'drizzle-orm';
import { conflict } from '../../lib/errors';
import type { ServiceContext } from '../context';
import { loadCertificate, presentVerification } from './read-certificates';

export async function revokeCertificate(
  ctx: ServiceContext,
  id: string,
  reason: string,
): Promise<CertificateVerification> {
  const [revoked] = await ctx.db
    .update(certificates)
    .set({ revokedAt: ctx.now(), revokedReason: reason })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning();
  if (revoked) return presentVerification(revoked, true);
  // Not updated: unknown (404) or revoked already (409).
  await loadCertificate(ctx, id);
  throw conflict(CERTIFICATE_MESSAGES.alreadyRevoked);
}
