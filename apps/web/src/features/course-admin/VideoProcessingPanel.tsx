/**
 * A video lesson's processing into adaptive streaming on its edit screen (issue 27 item 1, decision
 * 0092): waiting, processing with its percentage (polled every few seconds until it ends), ready with its
 * qualities, failed with the reason and a retry, or unavailable on a server without ffmpeg (with why).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PanelSection } from '~/components/ui/PanelSection';
import { actionClassName, errorTextClassName } from '~/components/ui/ui-classes';
import { serverMessageOr } from '~/features/catalog/error-text';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { COURSE_ADMIN_TEXT as TEXT } from './course-admin-text';
import { UploadProgress } from './UploadProgress';

/** How often a queued or processing video is asked about again. */
export const PROCESSING_POLL_MS = 3000;

export function VideoProcessingPanel({ lectureId }: { lectureId: string }) {
  const client = useQueryClient();
  const processing = useQuery(
    trpc.video.processing.queryOptions(
      { lectureId },
      {
        refetchInterval: (query) => {
          const status = query.state.data?.data?.status;
          return status === 'queued' || status === 'processing' ? PROCESSING_POLL_MS : false;
        },
      },
    ),
  );
  const retry = useMutation(
    trpc.video.retry.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await client.invalidateQueries(trpc.video.processing.queryFilter({ lectureId }));
      },
      onError: (error) => toast.error(serverMessageOr(error, TEXT.streamingLoadFailed)),
    }),
  );
  const state = processing.data?.data;

  let body: ReactNode;
  if (processing.isPending) body = null;
  else if (processing.isError) body = <p className={errorTextClassName}>{TEXT.streamingLoadFailed}</p>;
  else if (!state) body = <p>{TEXT.streamingNone}</p>;
  else if (state.status === 'queued') body = <p role="status">{TEXT.streamingQueued}</p>;
  else if (state.status === 'processing') {
    body = (
      <div className="space-y-2">
        <p role="status">{TEXT.streamingProcessing(state.progress)}</p>
        <UploadProgress percent={state.progress} label={TEXT.streamingProgressLabel} />
      </div>
    );
  } else if (state.status === 'ready') {
    body = <p>{TEXT.streamingReady(state.renditions.map((rendition) => rendition.name).join(', '))}</p>;
  } else if (state.status === 'failed') {
    body = (
      <div className="space-y-3">
        <p role="alert" className={`${errorTextClassName} break-words`}>
          {TEXT.streamingFailed(state.error ?? '')}
        </p>
        <button
          type="button"
          onClick={() => retry.mutate({ lectureId })}
          disabled={retry.isPending}
          className={actionClassName('secondary')}
        >
          {retry.isPending ? TEXT.streamingRetrying : TEXT.streamingRetry}
        </button>
      </div>
    );
  } else {
    body = <p className="break-words">{state.error}</p>;
  }

  return (
    <PanelSection title={TEXT.streamingTitle} hint={TEXT.streamingHint}>
      {body}
    </PanelSection>
  );
}
