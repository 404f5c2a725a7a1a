import { PLACEHOLDER_TEXT } from '~/features/dashboard/screen-titles';

/** Placeholder for a screen a later issue builds. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{PLACEHOLDER_TEXT.comingSoon}</p>
    </section>
  );
}
