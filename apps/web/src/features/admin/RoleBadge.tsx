/** A coloured badge per role (light and dark variants keep at least 4.5:1 contrast). */
import type { Role } from '@lectio/contracts/permissions';

const ROLE_BADGE_CLASSES: Record<Role, string> = {
  admin: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-100',
  instructor: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-100',
  student: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100',
  moderator: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  guest: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  parent: 'bg-teal-100 text-teal-800 dark:bg-teal-900/60 dark:text-teal-100',
  support_staff: 'bg-violet-100 text-violet-800 dark:bg-violet-900/60 dark:text-violet-100',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${ROLE_BADGE_CLASSES[role]}`}
    >
      {role}
    </span>
  );
}
