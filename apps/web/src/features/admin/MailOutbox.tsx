/**
 * The admin's e-mail screen (/dashboard/admin/mail, docs/decisions/0035): every message the server sent
 * or is sending with its delivery status (`mail.list`, newest first, more on demand), filtered by status.
 * While no SMTP server is configured the messages are written to files, and this is the development
 * outbox: a written message opens here (`mail.outboxMessage`) with its links to follow, its text and its
 * HTML (in a sandboxed frame: no script, no access to this page).
 */
import { MAIL_STATUSES, type MailMessage, type MailStatus } from '@lectio/contracts/mail';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Badge, type BadgeTone } from '~/components/ui/Badge';
import { type FilterOption, FilterSelect } from '~/components/ui/FilterSelect';
import { PagedList } from '~/components/ui/PagedList';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { TableHead } from '~/components/ui/TableHead';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { trpc } from '~/lib/trpc';
import { mailListQuery } from './admin-queries';
import { formatDateTime } from './format';
import { MAIL_TEXT } from './mail-text';

const STATUS_TONES: Record<MailStatus, BadgeTone> = { queued: 'amber', sent: 'green', failed: 'red' };

const smallButtonClassName = actionClassName('secondary', 'small');

/** The http(s) addresses in a message's text, in order, each once. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

function OpenMessage({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, isPending, isError, error } = useQuery(trpc.mail.outboxMessage.queryOptions({ id }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const message = data?.message;
  return (
    <section aria-labelledby="mail-message-heading" className={`${panelClassName} space-y-4`}>
      <div className="flex items-start justify-between gap-4">
        <h2 id="mail-message-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          {message?.subject ?? MAIL_TEXT.messageHeading}
        </h2>
        <button type="button" onClick={onClose} className={smallButtonClassName}>
          {MAIL_TEXT.close}
        </button>
      </div>
      {isPending ? (
        <p role="status">{MAIL_TEXT.messageLoading}</p>
      ) : isError || !message ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {errorMessage(error)}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{MAIL_TEXT.from}</dt>
            <dd className="break-all">{message.from}</dd>
            <dt className="font-medium">{MAIL_TEXT.to}</dt>
            <dd className="break-all">{message.to}</dd>
            <dt className="font-medium">{MAIL_TEXT.writtenAt}</dt>
            <dd>{formatDateTime(message.writtenAt)}</dd>
          </dl>
          <div>
            <h3 className="mb-1 font-semibold">{MAIL_TEXT.links}</h3>
            <ul className="space-y-1">
              {linksIn(message.text).map((link) => (
                <li key={link}>
                  <a
                    href={link}
                    target="_blank"
                    rel="noreferrer"
                    className="break-all font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="mb-1 font-semibold">{MAIL_TEXT.textVersion}</h3>
            <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">
              {message.text}
            </pre>
          </div>
          <div>
            <h3 className="mb-1 font-semibold">{MAIL_TEXT.htmlVersion}</h3>
            <iframe
              title={MAIL_TEXT.htmlVersion}
              sandbox=""
              srcDoc={message.html}
              className="h-96 w-full rounded-md border border-slate-300 bg-white dark:border-slate-600"
            />
          </div>
        </>
      )}
    </section>
  );
}

function MessageRow({
  message,
  canOpen,
  onOpen,
}: {
  message: MailMessage;
  canOpen: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <tr className="align-top">
      <td className="py-3 pr-4">
        <p className="font-medium">{message.subject}</p>
        <p className="break-all text-slate-600 dark:text-slate-400">{message.to}</p>
        {message.lastError ? (
          <p className="mt-1 text-red-700 dark:text-red-400">
            <span className="font-medium">{MAIL_TEXT.lastError}: </span>
            {message.lastError}
          </p>
        ) : null}
        {canOpen && message.status === 'sent' ? (
          <button
            type="button"
            aria-label={MAIL_TEXT.openMessage(message.subject, message.to)}
            onClick={() => onOpen(message._id)}
            className={`${smallButtonClassName} mt-2`}
          >
            {MAIL_TEXT.open}
          </button>
        ) : null}
      </td>
      <td className="py-3 pr-4">
        <Badge tone={STATUS_TONES[message.status]}>{MAIL_TEXT.statuses[message.status]}</Badge>
      </td>
      <td className="py-3 pr-4 text-right tabular-nums">{message.attempts}</td>
      <td className="whitespace-nowrap py-3 pr-4">{formatDateTime(message.createdAt)}</td>
      <td className="whitespace-nowrap py-3">{message.sentAt ? formatDateTime(message.sentAt) : '—'}</td>
    </tr>
  );
}

const FILTER_OPTIONS: readonly FilterOption<MailStatus | ''>[] = [
  { value: '', label: MAIL_TEXT.allStatuses },
  ...MAIL_STATUSES.map((value) => ({ value, label: MAIL_TEXT.statuses[value] })),
];

export function MailOutbox() {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = mailListQuery(status === '' ? undefined : status);
  // Whether messages go to files (the development outbox) or to SMTP: said by every page of the list.
  const outbox = useInfiniteQuery({ ...list, select: (data) => data.pages[0]?.outbox ?? false }).data;

  return (
    <div className="space-y-6">
      <ScreenHeader
        title={MAIL_TEXT.title}
        intro={outbox === undefined ? null : outbox ? MAIL_TEXT.outboxIntro : MAIL_TEXT.smtpIntro}
      />
      {openId ? <OpenMessage key={openId} id={openId} onClose={() => setOpenId(null)} /> : null}
      <section className={`${panelClassName} space-y-4`}>
        <FilterSelect
          label={MAIL_TEXT.statusFilter}
          value={status}
          onChange={setStatus}
          options={FILTER_OPTIONS}
        />
        <PagedList
          query={list}
          items={(page) => page.messages}
          text={{ ...MAIL_TEXT, failed: MAIL_TEXT.loadFailed }}
          empty={status ? MAIL_TEXT.emptyFiltered : MAIL_TEXT.empty}
        >
          {(messages) => (
            // relative: the sr-only header text (absolutely positioned) stays inside the scrolling box.
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <TableHead
                  className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-400"
                  cellClassName="py-2 pr-4 font-semibold last:pr-0"
                  columns={[
                    { label: MAIL_TEXT.message },
                    { label: MAIL_TEXT.status },
                    { label: MAIL_TEXT.attempts, numeric: true },
                    { label: MAIL_TEXT.created },
                    { label: MAIL_TEXT.sentAt },
                  ]}
                />
                <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                  {messages.map((message) => (
                    <MessageRow
                      key={message._id}
                      message={message}
                      canOpen={outbox === true}
                      onOpen={setOpenId}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedList>
      </section>
    </div>
  );
}
