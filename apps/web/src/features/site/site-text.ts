/** Wording of the site pages (/pages/{slug}) and of the admin's editor (/dashboard/admin/site-pages). */
export const SITE_TEXT = {
  loading: 'Loading the page…',
  lastUpdated: (date: string) => `Last updated ${date}`,
  loadFailed: 'This page could not be loaded. Please try again.',
  retry: 'Try again',
  editor: {
    title: 'Site pages',
    intro:
      'The pages linked from the footer. Each shows its default text until you save your own. Write Markdown: headings (##), lists, **bold**, *italic* and [links](https://example.com). HTML is not shown, and only web, e-mail and site links work.',
    pagesLabel: 'Pages',
    edited: 'Edited',
    defaultText: 'Default text',
    titleLabel: 'Title',
    markdownLabel: 'Text (Markdown)',
    characters: (used: number, max: number) =>
      `${used.toLocaleString('en')} of ${max.toLocaleString('en')} characters`,
    preview: 'Preview',
    save: 'Save page',
    saving: 'Saving…',
    reset: 'Back to default text',
    resetting: 'Resetting…',
    confirmReset: 'Put this page back to its default text? Your edit will be lost.',
    view: 'View page',
    savedBy: (name: string, date: string) => `Saved by ${name}, ${date}`,
    savedAt: (date: string) => `Saved ${date}`,
    unsaved: 'Unsaved changes',
    noPreview: 'Nothing to preview yet.',
  },
} as const;
