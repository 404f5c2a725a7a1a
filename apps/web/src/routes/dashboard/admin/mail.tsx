import { createFileRoute } from '@tanstack/react-router';
import { MailOutbox } from '~/features/admin/MailOutbox';

export const Route = createFileRoute('/dashboard/admin/mail')({
  component: MailOutbox,
});
