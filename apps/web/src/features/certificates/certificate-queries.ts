/** The certificate calls over tRPC: the signed-in student's certificates, and one certificate's verification. */
import { trpc } from '~/lib/trpc';

/** Always refetched on mount: a certificate is issued by a progress write elsewhere (the player). */
export function myCertificatesQuery() {
  return trpc.certificates.mine.queryOptions(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    select: (body) => body.certificates,
  });
}

export function certificateVerificationQuery(id: string) {
  return trpc.certificates.verify.queryOptions({ id }, { retry: false });
}
