/**
 * The admin's site-pages editor (/dashboard/admin/site-pages, issue 15 item 4): the five footer pages
 * (sitePages.list) with whether each shows an edit or its default text; for the chosen page a title and
 * a Markdown text with a live preview rendered exactly as visitors will see it (MarkdownContent: no raw
 * HTML, no script links), Save (sitePages.update) and, for an edited page, 'Back to default text'
 * (sitePages.reset, after a confirmation). The server's field messages show under the form.
 */
import type { SitePageAdmin, SitePageSlug } from '@lectio/contracts/site-pages';
import { SITE_PAGE_LIMITS, updateSitePageRequestSchema } from '@lectio/contracts/site-pages';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { FormMessage } from '~/features/auth/FormMessage';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { formatPageDate } from './SitePageView';
import { SITE_TEXT } from './site-text';

const MarkdownContent = lazy(() => import('./MarkdownContent'));
const TEXT = SITE_TEXT.editor;

function Heading() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{TEXT.title}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{TEXT.intro}</p>
    </div>
  );
}

const pageFormSchema = updateSitePageRequestSchema.pick({ title: true, markdown: true });

function PageForm({ page }: { page: SitePageAdmin }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const save = useMutation(trpc.sitePages.update.mutationOptions());
  const reset = useMutation(trpc.sitePages.reset.mutationOptions());
  const busy = save.isPending || reset.isPending;

  const refresh = async (slug: SitePageSlug) => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.sitePages.list.queryFilter()),
      queryClient.invalidateQueries(trpc.sitePages.get.queryFilter({ slug })),
    ]);
  };

  const form = useAppForm({
    ...schemaForm(pageFormSchema, { title: page.title, markdown: page.markdown }),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      try {
        const result = await save.mutateAsync({ slug: page.slug, ...value });
        toast.success(result.message);
        await refresh(page.slug);
      } catch (error) {
        setServerMessage(applyServerErrors(formApi, error));
      }
    },
  });
  const { title, markdown } = useStore(form.store, (state) => state.values);

  // Another page chosen, or this one saved or reset: show what the server holds now.
  useEffect(() => {
    form.reset({ title: page.title, markdown: page.markdown });
    setServerMessage(null);
  }, [page, form]);

  const changed = title !== page.title || markdown !== page.markdown;

  async function handleReset() {
    if (busy || !window.confirm(TEXT.confirmReset)) return;
    setServerMessage(null);
    try {
      const result = await reset.mutateAsync({ slug: page.slug });
      toast.success(result.message);
      await refresh(page.slug);
    } catch (error) {
      setServerMessage(errorMessage(error));
    }
  }

  const statusLine = page.updatedAt
    ? page.updatedBy
      ? TEXT.savedBy(page.updatedBy.name, formatPageDate(page.updatedAt))
      : TEXT.savedAt(formatPageDate(page.updatedAt))
    : TEXT.defaultText;

  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <form.AppForm>
        <form.Form className={`${panelClassName} space-y-4`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {statusLine}
              {changed ? (
                <span className="ml-2 font-semibold text-amber-800 dark:text-amber-300">
                  · {TEXT.unsaved}
                </span>
              ) : null}
            </p>
            <Link
              to="/pages/$slug"
              params={{ slug: page.slug }}
              className="text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {TEXT.view}
            </Link>
          </div>
          <form.AppField name="title">
            {(field) => (
              <field.TextField
                id={`${id}-title`}
                label={TEXT.titleLabel}
                maxLength={SITE_PAGE_LIMITS.titleMaxLength}
              />
            )}
          </form.AppField>
          <form.AppField name="markdown">
            {(field) => (
              <field.TextAreaField
                id={`${id}-markdown`}
                label={TEXT.markdownLabel}
                hint={TEXT.characters(field.state.value.length, SITE_PAGE_LIMITS.markdownMaxLength)}
                rows={18}
                maxLength={SITE_PAGE_LIMITS.markdownMaxLength}
                monospace
              />
            )}
          </form.AppField>
          <FormMessage message={serverMessage} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy || !changed} className={actionClassName('primary')}>
              {save.isPending ? TEXT.saving : TEXT.save}
            </button>
            {page.edited ? (
              <button
                type="button"
                onClick={() => void handleReset()}
                disabled={busy}
                className={actionClassName('dangerOutline')}
              >
                {reset.isPending ? TEXT.resetting : TEXT.reset}
              </button>
            ) : null}
          </div>
        </form.Form>
      </form.AppForm>
      <section aria-labelledby={`${id}-preview`} className={`${panelClassName} min-w-0`}>
        <h2
          id={`${id}-preview`}
          className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
        >
          {TEXT.preview}
        </h2>
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
          <p className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</p>
          {markdown.trim() ? (
            <Suspense fallback={<p role="status">{SITE_TEXT.loading}</p>}>
              <MarkdownContent markdown={markdown} />
            </Suspense>
          ) : (
            <p className="mt-4 text-slate-600 dark:text-slate-400">{TEXT.noPreview}</p>
          )}
        </div>
      </section>
    </div>
  );
}

export function SitePagesEditor() {
  const { data, isPending, isError, error } = useQuery(trpc.sitePages.list.queryOptions());
  const [selected, setSelected] = useState<SitePageSlug>('about');

  if (isPending) {
    return (
      <div className="space-y-6">
        <Heading />
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {SITE_TEXT.loading}
        </p>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="space-y-6">
        <Heading />
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {errorMessage(error)}
        </p>
      </div>
    );
  }
  const page = data.pages.find((candidate) => candidate.slug === selected) ?? data.pages[0];
  return (
    <div className="space-y-6">
      <Heading />
      <nav aria-label={TEXT.pagesLabel}>
        <ul className="flex flex-wrap gap-2">
          {data.pages.map((candidate) => {
            const current = candidate.slug === page?.slug;
            return (
              <li key={candidate.slug}>
                <button
                  type="button"
                  aria-pressed={current}
                  onClick={() => setSelected(candidate.slug)}
                  className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${
                    current
                      ? 'border-indigo-600 bg-indigo-600 text-white'
                      : 'border-slate-400 text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800'
                  }`}
                >
                  {candidate.title}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      current
                        ? 'bg-indigo-900 text-white'
                        : candidate.edited
                          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100'
                          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
                    }`}
                  >
                    {candidate.edited ? TEXT.edited : TEXT.defaultText}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {page ? <PageForm page={page} /> : null}
    </div>
  );
}
