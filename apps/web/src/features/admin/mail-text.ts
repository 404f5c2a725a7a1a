/** Wording of the admin's e-mail screen (docs/decisions/0035-mail-and-account-tokens.md). */
import type { MailStatus } from '@lectio/contracts/mail';

export const MAIL_TEXT = {
  title: 'E-mail',
  outboxIntro:
    'No SMTP server is configured (SMTP_URL), so nothing leaves the server: each message is written to DATA_DIR/mail. Open one to read it and follow its links.',
  smtpIntro:
    'Messages are sent through the SMTP server (SMTP_URL). A message whose every attempt failed shows its last error.',
  statusFilter: 'Status',
  allStatuses: 'All',
  statuses: { queued: 'Queued', sent: 'Sent', failed: 'Failed' } satisfies Record<MailStatus, string>,
  loading: 'Loading messages...',
  loadFailed: 'Failed to load the messages. Please try again later.',
  retry: 'Try again',
  empty: 'No messages yet.',
  emptyFiltered: 'No messages with this status.',
  message: 'Message',
  to: 'To',
  status: 'Status',
  attempts: 'Attempts',
  created: 'Queued at',
  sentAt: 'Sent at',
  lastError: 'Last error',
  open: 'Open',
  openMessage: (subject: string, to: string) => `Open "${subject}" to ${to}`,
  loadMore: 'Load more',
  loadingMore: 'Loading more...',
  messageHeading: 'Message',
  from: 'From',
  writtenAt: 'Written at',
  links: 'Links in this message',
  textVersion: 'Text version',
  htmlVersion: 'HTML version',
  close: 'Close message',
  messageLoading: 'Loading the message...',
} as const;
