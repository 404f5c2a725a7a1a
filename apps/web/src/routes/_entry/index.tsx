import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '~/features/home/HomePage';
import { landingReads } from '~/features/home/landing-reads';

export const Route = createFileRoute('/_entry/')({
  // Not awaited: the page renders at once and each section waits for its own read (landing-reads.ts).
  loader: ({ context }) => landingReads(context.queryClient),
  component: HomePage,
});
