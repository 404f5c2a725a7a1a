/**
 * The public site pages (/pages/{slug}), the Features page and the admin's site-pages editor, through the
 * whole app with the API mocked: Markdown is rendered without raw HTML and without script links, an
 * unknown page is "Page not found", and the editor previews, saves and resets a page.
 */
import {
  buildPlatformStats,
  buildSitePage,
  buildSitePageAdmin,
  buildSitePageList,
  buildSocialLinks,
} from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

vi.setConfig({ testTimeout: 20_000 });
Element.prototype.scrollIntoView ??= vi.fn();
const LOADED = { timeout: 5000 };

/** Saved Markdown that tries every way in: raw HTML, script URLs in links and images, event handlers. */
const HOSTILE_MARKDOWN = [
  '## Help',
  '',
  '<script>window.__pwned = true</script>',
  '',
  'A [script link](javascript:window.__pwned=true) and a [data link](data:text/html;base64,PHNjcmlwdD4=).',
  '',
  '<a href="javascript:window.__pwned=true">raw anchor</a> <img src="x" onerror="window.__pwned=true">',
  '',
  '<iframe src="https://evil.example"></iframe>',
  '',
  '![pic](javascript:window.__pwned=true)',
  '',
  'See [the catalogue](/courses), [FAQ](/pages/faq) or [Stripe](https://stripe.com) or [mail](mailto:help@example.com).',
].join('\n');

function answerPublicPage() {
  api.answer('platform.socialLinks', buildSocialLinks());
  startSignedIn(null);
}

describe('/pages/{slug}', () => {
  it('shows the page’s title, when it was saved and its Markdown as headings, lists and links', async () => {
    answerPublicPage();
    api.answer('sitePages.get', ({ input }) => ({
      page: buildSitePage({
        slug: input.slug as 'faq',
        title: 'Frequently asked questions',
        markdown:
          '# Buying\n\n- Pay by **card**\n- Free courses: join at once\n\nSee [the catalogue](/courses).',
        edited: true,
        updatedAt: '2026-05-04T10:00:00.000Z',
      }),
    }));
    const { user, router } = renderApp('/pages/faq');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }, LOADED),
    ).toBeVisible();
    // The page's title is also the browser tab's (PublicSiteLayout).
    expect(document.title).toBe('Frequently asked questions · Lectio');
    expect(screen.getByText('Last updated 4 May 2026')).toBeVisible();
    // The page's title is its only h1: a Markdown '#' heading is an h2.
    expect(await screen.findByRole('heading', { level: 2, name: 'Buying' }, LOADED)).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('card').tagName).toBe('STRONG');
    expect(api.calls('sitePages.get')[0]?.input).toEqual({ slug: 'faq' });

    const link = screen.getByRole('link', { name: 'the catalogue' });
    expect(link.getAttribute('href')).toBe('/courses');
    api.answer('courses.list', { data: { courses: [], nextCursor: null } });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
  });

  it('renders saved Markdown safely: no raw HTML, no script or data links, no event handlers', async () => {
    answerPublicPage();
    api.answer('sitePages.get', {
      page: buildSitePage({ slug: 'support', title: 'Support', markdown: HOSTILE_MARKDOWN }),
    });
    renderApp('/pages/support');
    const article = (await screen.findByRole('heading', { level: 2, name: 'Help' }, LOADED)).closest(
      'article',
    ) as HTMLElement;

    expect(article.querySelector('script, iframe, [onerror]')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    for (const element of article.querySelectorAll('[href], [src]')) {
      const address = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(address).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    // The script links are plain text; of the raw HTML only the text between tags is left, as text.
    expect(within(article).getByText('script link').closest('a')).toBeNull();
    expect(within(article).getByText('data link').closest('a')).toBeNull();
    expect(
      within(article)
        .getByText(/raw anchor/)
        .closest('a'),
    ).toBeNull();
    expect(article.textContent).not.toContain('__pwned');
    expect(article.querySelector('img')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();

    // The safe links stay links: in the app, out in a new tab, and e-mail.
    expect(within(article).getByRole('link', { name: 'the catalogue' }).getAttribute('href')).toBe(
      '/courses',
    );
    const stripe = within(article).getByRole('link', { name: 'Stripe' });
    expect(stripe.getAttribute('href')).toBe('https://stripe.com');
    expect(stripe.getAttribute('target')).toBe('_blank');
    expect(stripe.getAttribute('rel')).toContain('noopener');
    expect(within(article).getByRole('link', { name: 'mail' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    );
  });

  it('an unknown page is "Page not found"', async () => {
    answerPublicPage();
    api.fail('sitePages.get', 'VALIDATION_ERROR', 'Invalid request');
    renderApp('/pages/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOADED)).toBeVisible();
  });

  it('has the landing page’s header and footer', async () => {
    answerPublicPage();
    api.answer('sitePages.get', { page: buildSitePage({ slug: 'about' }) });
    renderApp('/pages/about');
    await screen.findByRole('heading', { level: 1, name: 'About Lectio' }, LOADED);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    const resources = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Resources' });
    expect(within(resources).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/pages/privacy',
    );
  });
});

describe('/features', () => {
  it('describes each area in a section the landing page links to', async () => {
    answerPublicPage();
    renderApp('/features');
    expect(await screen.findByRole('heading', { level: 1, name: 'Features' }, LOADED)).toBeVisible();
    expect(document.title).toBe('Features · Lectio');
    for (const [id, title] of [
      ['how-it-works', 'How it works'],
      ['instructors', 'Teach on Lectio'],
      ['catalogue', 'A catalogue worth browsing'],
      ['learning', 'Video lectures with progress'],
      ['engagement', 'Engagement'],
      ['analytics', 'Analytics'],
      ['security', 'Security and privacy'],
      ['integrations', 'Integrations'],
      ['automations', 'Automations'],
      ['self-hosting', 'Self-hosting'],
    ]) {
      const section = document.getElementById(id as string);
      expect(section, id).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(title);
    }
    const teach = document.getElementById('instructors') as HTMLElement;
    expect(within(teach).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup',
    );
  });

  async function teachSection(role: 'student' | 'instructor') {
    api.answer('platform.socialLinks', buildSocialLinks());
    startSignedIn(role);
    renderApp('/features');
    return waitFor(() => {
      const section = document.getElementById('instructors');
      if (!section) throw new Error('not yet');
      return section;
    }, LOADED);
  }

  it('sends a signed-in student to apply to teach from the teaching section', async () => {
    const teach = await teachSection('student');
    expect((await within(teach).findByRole('link', { name: 'Apply to teach' })).getAttribute('href')).toBe(
      '/dashboard/teach',
    );
  });

  it('sends a signed-in instructor to their dashboard from the teaching section', async () => {
    const teach = await teachSection('instructor');
    expect(
      (await within(teach).findByRole('link', { name: 'Go to your dashboard' })).getAttribute('href'),
    ).toBe('/dashboard/instructor');
  });
});

describe('/dashboard/admin/site-pages', () => {
  function openEditor() {
    startSignedIn('admin');
    api.answer('platform.stats', buildPlatformStats());
    api.answer('sitePages.list', buildSitePageList());
    return renderApp('/dashboard/admin/site-pages');
  }

  it('lists the pages, edits one with a sanitised live preview, and saves it', async () => {
    const { user } = openEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Site pages' }, LOADED)).toBeVisible();
    const pages = await screen.findByRole('navigation', { name: 'Pages' }, LOADED);
    expect(
      within(pages)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'About LectioDefault text',
      'Frequently asked questionsDefault text',
      'SupportDefault text',
      'Privacy policyDefault text',
      'Terms of useDefault text',
    ]);
    await user.click(within(pages).getByRole('button', { name: /^Support/ }));
    expect(
      within(pages)
        .getByRole('button', { name: /^Support/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    const title = screen.getByLabelText('Title');
    const text = screen.getByLabelText('Text (Markdown)');
    expect((title as HTMLInputElement).value).toBe('Support');
    const save = screen.getByRole('button', { name: 'Save page' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.clear(title);
    await user.type(title, 'Help');
    await user.clear(text);
    // user.type reads [ and { as key names; paste the text as an admin would.
    text.focus();
    await user.paste(HOSTILE_MARKDOWN);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { level: 2, name: 'Help' }, LOADED)).toBeVisible();
    expect(preview.querySelector('script, iframe, img, [onerror]')).toBeNull();
    expect(within(preview).getByText('script link').closest('a')).toBeNull();
    expect(screen.getByText(/· Unsaved changes/)).toBeVisible();

    api.answer('sitePages.update', ({ input }) => ({
      message: `${input.title} saved`,
      page: buildSitePageAdmin({
        slug: 'support',
        title: input.title,
        markdown: input.markdown,
        edited: true,
        updatedAt: '2026-05-04T10:00:00.000Z',
        updatedBy: { name: 'The admin' },
      }),
    }));
    api.answer('sitePages.list', () => ({
      pages: buildSitePageList().pages.map((page) =>
        page.slug === 'support'
          ? buildSitePageAdmin({
              slug: 'support',
              title: 'Help',
              markdown: HOSTILE_MARKDOWN,
              edited: true,
              updatedAt: '2026-05-04T10:00:00.000Z',
              updatedBy: { name: 'The admin' },
            })
          : page,
      ),
    }));
    await user.click(save);
    expect(await screen.findByText('Help saved', {}, LOADED)).toBeInTheDocument();
    expect(api.calls('sitePages.update')[0]?.input).toEqual({
      slug: 'support',
      title: 'Help',
      markdown: HOSTILE_MARKDOWN,
    });
    expect(await screen.findByText('Saved by The admin, 4 May 2026', {}, LOADED)).toBeVisible();
    expect(within(pages).getByRole('button', { name: /^Help/ }).textContent).toBe('HelpEdited');
  });

  it('shows the server’s field message when a save is refused', async () => {
    const { user } = openEditor();
    await screen.findByLabelText('Title', {}, LOADED);
    api.fail('sitePages.update', 'VALIDATION_ERROR', 'Invalid request', [
      { path: 'title', message: 'Title is required' },
    ]);
    await user.type(screen.getByLabelText('Title'), ' again');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    // The server's issue lands on its field, not in the form's message line.
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(api.calls('sitePages.update')).toHaveLength(1);
  });

  it('refuses an empty title next to the field and sends nothing', async () => {
    const { user } = openEditor();
    await screen.findByLabelText('Title', {}, LOADED);
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), ' ');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Title is required', {}, LOADED)).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('sitePages.update')).toHaveLength(0);
  });

  it('puts an edited page back to its default text after a confirmation', async () => {
    startSignedIn('admin');
    api.answer('sitePages.list', {
      pages: buildSitePageList().pages.map((page) =>
        page.slug === 'about'
          ? { ...page, title: 'Our story', edited: true, updatedAt: '2026-05-04T10:00:00.000Z' }
          : page,
      ),
    });
    const { user } = renderApp('/dashboard/admin/site-pages');
    const reset = await screen.findByRole('button', { name: 'Back to default text' }, LOADED);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(reset);
    expect(api.calls('sitePages.reset')).toHaveLength(0);
    api.answer('sitePages.reset', {
      message: 'About Lectio is back to the default text',
      page: buildSitePageAdmin({ slug: 'about' }),
    });
    api.answer('sitePages.list', buildSitePageList());
    await user.click(reset);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(
      await screen.findByText('About Lectio is back to the default text', {}, LOADED),
    ).toBeInTheDocument();
    expect(api.calls('sitePages.reset')[0]?.input).toEqual({ slug: 'about' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Back to default text' })).toBeNull());
  });
});
