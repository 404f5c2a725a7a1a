/** media.*: the direct-upload target. The upload and download themselves are HTTP routes. */
import { operations } from '@lectio/contracts/api';
import { createUploadSignature } from '../../services/media/upload-signature';
import { implement } from '../build-router';

export const mediaProcedures = implement(operations.media, {
  uploadSignature: ({ ctx, input }) => createUploadSignature(ctx.services, ctx.actor, input),
});
