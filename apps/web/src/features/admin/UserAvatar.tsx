/** A user's avatar, or their initials on a coloured disc when they have none (or the image fails). */
import { useState } from 'react';
import { initials } from '../dashboard/initials';
import { ADMIN_TEXT } from './admin-text';

export function UserAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt={ADMIN_TEXT.avatarOf(name)}
        width={size}
        height={size}
        loading="lazy"
        onError={() => setBroken(true)}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={ADMIN_TEXT.avatarOf(name)}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100"
      style={{ width: size, height: size }}
    >
      <span aria-hidden="true">{initials(name) || '?'}</span>
    </span>
  );
}
