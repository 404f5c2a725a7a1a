/** certificates.*: resolvers over services/certificates (the PDF is an HTTP route: rest/handlers/certificates.ts). */
import { operations } from '@lectio/contracts/api';
import { CERTIFICATE_MESSAGES } from '@lectio/contracts/messages';
import { listMyCertificates, verifyCertificate } from '../../services/certificates/read-certificates';
import { revokeCertificate } from '../../services/certificates/revoke-certificate';
import { implement } from '../build-router';

export const certificateProcedures = implement(operations.certificates, {
  async mine({ ctx }) {
    return { certificates: await listMyCertificates(ctx.services, ctx.actor) };
  },
  async verify({ ctx, input }) {
    return verifyCertificate(ctx.services, ctx.actor, input.id);
  },
  async revoke({ ctx, input }) {
    const certificate = await revokeCertificate(ctx.services, input.id, input.reason);
    return { message: CERTIFICATE_MESSAGES.revoked, certificate };
  },
});
