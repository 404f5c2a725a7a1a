import { createFileRoute } from '@tanstack/react-router';
import { SitePagesEditor } from '~/features/site/SitePagesEditor';

export const Route = createFileRoute('/dashboard/admin/site-pages')({
  component: SitePagesEditor,
});
