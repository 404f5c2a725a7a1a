/** media.*: the tRPC twin of GET /api/v1/videos/signature (same service, same access). */
import { uploadSignatureQuerySchema, uploadSignatureSchema } from '@lectio/contracts/media';
import { createUploadSignature } from '../../services/media/upload-signature';
import { contractOutput, requirePermission, router } from '../init';

export const mediaRouter = router({
  uploadSignature: requirePermission('create_courses', 'manage_own_courses')
    .input(uploadSignatureQuerySchema)
    .output(contractOutput(uploadSignatureSchema))
    .query(({ ctx, input }) => createUploadSignature(ctx.services, ctx.actor, input)),
});
