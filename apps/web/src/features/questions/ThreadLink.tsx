/**
 * A link to a question's thread on its lesson page: `link` is the contracts' `questionLink` (relative to
 * the viewer's dashboard section, as a notification's), put under `base` by `notificationHref` and followed
 * in the app (a click with a modifier key keeps the browser's own behaviour).
 */
import { notificationHref } from '@lectio/contracts/notifications';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

export function ThreadLink({
  base,
  link,
  className,
  label,
  children,
}: {
  base: string;
  link: string;
  className: string;
  label?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const href = notificationHref(base, link);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} onClick={open} aria-label={label} className={className}>
      {children}
    </a>
  );
}
