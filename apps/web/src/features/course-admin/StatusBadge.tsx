/** The course status badge (spec section 4): published success, draft warning, anything else error. */
export function statusTone(status: string): 'success' | 'warning' | 'error' {
  if (status === 'published') return 'success';
  if (status === 'draft') return 'warning';
  return 'error';
}

const TONE_CLASSES = {
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  error: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
} as const;

export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${TONE_CLASSES[tone]}`}
    >
      {status || 'unknown'}
    </span>
  );
}
