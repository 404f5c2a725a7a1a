/**
 * The landing page through the whole app (real routes, mocked API): the spec's texts that are still
 * true, where every link goes (issue 15, item 4: no placeholder is left), the live figures with their
 * loading, empty and failed states, the social profiles shown only when configured, the 'Product'
 * dropdown (WAI-ARIA disclosure) and the narrow-screen side dialog (WAI-ARIA modal dialog) by keyboard
 * and pointer. jsdom applies no CSS, so the desktop navigation and the 'Open main menu' button are both
 * present here; e2e/tests/landing.spec.ts checks each layout at its width in Chromium.
 */
import type { Course } from '@lectio/contracts/course';
import { buildPlatformStats, buildSocialLinks } from '@lectio/mocks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { coursePage, makeCourse } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { formatVideoHours } from './home-text';

vi.setConfig({ testTimeout: 20_000 });
// jsdom has no scrolling; the router scrolls a link's #section into view.
Element.prototype.scrollIntoView ??= vi.fn();
const FIRST_PAINT = { timeout: 5000 };

async function openLanding({
  stats = buildPlatformStats(),
  social = buildSocialLinks(),
  courses = [] as Course[],
} = {}) {
  api.answer('courses.list', coursePage(courses));
  api.answer('platform.stats', stats);
  api.answer('platform.socialLinks', social);
  startSignedIn(null);
  const view = renderApp('/');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Start learning from best institutions' },
    FIRST_PAINT,
  );
  return view;
}

function hrefs(container: HTMLElement): [string, string | null][] {
  return within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href')]);
}

function productButtons() {
  return screen.getAllByRole('button', { name: 'Product' });
}

/** The desktop dropdown's button (the dialog has its own 'Product' button once open). */
function productMenuButton() {
  const [button] = productButtons();
  if (!button) throw new Error('no Product button');
  return button;
}

function controlledPanel(button: HTMLElement): HTMLElement {
  const id = button.getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error('the button controls no element');
  return panel;
}

describe('landing page (spec section 1, issue 15)', () => {
  it('shows the header, hero, selling points and footer, each link to a real page', async () => {
    await openLanding();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Lectio' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('button', { name: 'Product' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/features');
    expect(within(nav).getByRole('link', { name: 'Courses' }).getAttribute('href')).toBe('/courses');
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/pages/about');
    expect(within(nav).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/signin');
    expect(within(nav).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(within(nav).getByRole('button', { name: 'Open main menu' })).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Dark mode' })).toBeVisible();

    expect(screen.getByText('new')).toBeVisible();
    expect(hrefs(screen.getByRole('list', { name: 'Get started' }))).toEqual([
      ['Browse courses', '/courses'],
      ['Become an instructor', '/features#instructors'],
      ['How it works', '/features#how-it-works'],
    ]);
    const categories = screen.getByRole('navigation', { name: 'Popular categories' });
    expect(within(categories).getByRole('link', { name: 'Data Science' }).getAttribute('href')).toBe(
      '/courses?category=Data+Science',
    );
    expect(within(categories).getAllByRole('link')).toHaveLength(6);

    for (const point of [
      'Learn with Experts',
      'Flexible Learning',
      'Learn Anything',
      'Industrial Standards',
    ]) {
      expect(await screen.findByRole('heading', { level: 3, name: point })).toBeVisible();
    }
    expect(await screen.findByRole('region', { name: 'Trending Courses' })).toBeVisible();

    const footer = await screen.findByRole('contentinfo', {}, FIRST_PAINT);
    const courses = within(footer).getByRole('navigation', { name: 'Courses' });
    expect(
      within(courses)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Data Science', 'Web Development', 'AI & Machine Learning', 'UI/UX Design']);
    expect(within(courses).getByRole('link', { name: 'Data Science' }).getAttribute('href')).toBe(
      '/courses?category=Data+Science',
    );
    expect(hrefs(within(footer).getByRole('navigation', { name: 'Resources' }))).toEqual([
      ['Features', '/features'],
      ['About', '/pages/about'],
      ['FAQs', '/pages/faq'],
      ['Support', '/pages/support'],
      ['Privacy Policy', '/pages/privacy'],
      ['Terms', '/pages/terms'],
    ]);
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Lectio. All rights reserved.`),
    ).toBeVisible();
  });

  it('leaves no placeholder: every link has a real address', async () => {
    const { user } = await openLanding();
    await screen.findByRole('region', { name: 'Trending Courses' });
    await screen.findByRole('contentinfo', {}, FIRST_PAINT);
    await user.click(productMenuButton());
    await within(controlledPanel(productMenuButton())).findByRole('link', { name: 'Analytics' });
    const links = screen.getAllByRole('link');
    expect(links.length).toBeGreaterThan(30);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href, link.textContent ?? '').toMatch(/^\/[a-z]*/);
      expect(href).not.toMatch(/^#|^$/);
    }
  });

  it('shows the live figures, grouped and in hours of video', async () => {
    await openLanding({
      stats: buildPlatformStats({ courses: 42, instructors: 9, learners: 123_456, videoSeconds: 351_000 }),
    });
    const figures = (await screen.findByText('Published courses', { selector: 'dt' }, FIRST_PAINT)).closest(
      'dl',
    ) as HTMLElement;
    expect(figures.getAttribute('aria-label')).toBe('Lectio in numbers');
    expect(
      within(figures)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Published courses', 'Instructors', 'Learners', 'Hours of video']);
    expect(
      within(figures)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['42', '9', '1,23,456', '97']);
    expect(api.calls('platform.stats')).toHaveLength(1);
  });

  it("fills the hero's side with the Trending courses' thumbnails, from the same read", async () => {
    const thumbnail = (n: number) => ({
      public_id: `t${n}.png`,
      secure_url: `/media/t${n}.png`,
      duration: null,
    });
    const view = await openLanding({
      courses: [
        makeCourse({ _id: 'c1', title: 'First', thumbnail: thumbnail(1) }),
        makeCourse({ _id: 'c2', title: 'No picture', thumbnail: null }),
        makeCourse({ _id: 'c3', title: 'Third', thumbnail: thumbnail(3) }),
      ],
    });
    const hero = view.container.querySelector('section[aria-labelledby="hero-title"]') as HTMLElement;
    await waitFor(() =>
      expect([...hero.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
        '/media/t1.png',
        '/media/t3.png',
      ]),
    );
    await screen.findByRole('heading', { name: 'First', level: 3 });
    expect(api.calls('courses.list')).toHaveLength(1);
  });

  it('leaves the hero side empty while no course has a thumbnail', async () => {
    const view = await openLanding();
    await screen.findByText('Published courses', { selector: 'dt' }, FIRST_PAINT);
    await waitFor(() => expect(api.calls('courses.list')).toHaveLength(1));
    expect(view.container.querySelectorAll('section[aria-labelledby="hero-title"] img')).toHaveLength(0);
  });

  it('while nothing is published, invites the first instructor instead of showing zeros', async () => {
    await openLanding({
      stats: buildPlatformStats({ courses: 0, instructors: 0, learners: 0, videoSeconds: 0 }),
    });
    const invitation = await screen.findByText(/No course is published yet/, {}, FIRST_PAINT);
    expect(
      within(invitation).getByRole('link', { name: 'Teach the first course' }).getAttribute('href'),
    ).toBe('/features#instructors');
    expect(screen.queryByRole('term')).toBeNull();
  });

  it('keeps the figures’ place while they load, and leaves them out if they fail', async () => {
    api.answer('courses.list', coursePage([]));
    api.answer('platform.socialLinks', buildSocialLinks());
    // A 4xx is not retried (lib/query-client.ts), so the failure shows at once.
    api.fail('platform.stats', 'TOO_MANY_REQUESTS', 'Too many requests');
    startSignedIn(null);
    renderApp('/');
    expect(await screen.findByText('Loading the figures', {}, FIRST_PAINT)).toBeVisible();
    await waitFor(() => expect(api.calls('platform.stats').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText('Loading the figures')).toBeNull());
    expect(screen.queryByRole('term')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });

  it('hides Follow Us while no social profile is configured', async () => {
    await openLanding({ social: buildSocialLinks([]) });
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(api.calls('platform.socialLinks')).toHaveLength(1));
    expect(within(footer).queryByText('Follow Us')).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Facebook' })).toBeNull();
  });

  it('links only the configured profiles, in a new tab', async () => {
    await openLanding({
      social: buildSocialLinks([
        { network: 'x', url: 'https://x.com/lectio' },
        { network: 'youtube', url: 'https://www.youtube.com/@lectio' },
      ]),
    });
    const follow = await screen.findByRole('list', { name: 'Follow Us' });
    expect(hrefs(follow)).toEqual([
      ['X', 'https://x.com/lectio'],
      ['YouTube', 'https://www.youtube.com/@lectio'],
    ]);
    const x = within(follow).getByRole('link', { name: 'X' });
    expect(x.getAttribute('target')).toBe('_blank');
    expect(x.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(follow).queryByRole('link', { name: 'Facebook' })).toBeNull();
  });
});

describe('formatVideoHours', () => {
  it.each([
    [0, '0'],
    [45, '<0.1'],
    [360, '0.1'],
    [6_345, '1.7'],
    [35_999, '9.9'],
    [36_000, '10'],
    [351_000, '97'],
    [3_600 * 123_456, '1,23,456'],
  ])('%i seconds read %s hours', (seconds, text) => {
    expect(formatVideoHours(seconds, 'en-IN')).toBe(text);
  });
});

describe("the 'Product' dropdown (disclosure)", () => {
  it('opens with the keyboard, lists the five products and two actions, and Escape returns focus', async () => {
    const { user } = await openLanding();
    const button = productMenuButton();
    const panel = controlledPanel(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    const products = within(panel).getByRole('list', { name: 'Products' });
    expect(hrefs(products)).toEqual([
      ['Analytics', '/features#analytics'],
      ['Engagement', '/features#engagement'],
      ['Security', '/features#security'],
      ['Integrations', '/features#integrations'],
      ['Automations', '/features#automations'],
    ]);
    expect(
      within(panel).getByText('Enrollments, revenue, completion and where students drop off'),
    ).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe(
      '/features#how-it-works',
    );
    expect(within(panel).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/pages/support',
    );

    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Analytics' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('closes on a press outside and on Tab out of it', async () => {
    const { user } = await openLanding();
    const button = productMenuButton();
    const panel = controlledPanel(button);

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(within(panel).getByText('Enrollments, revenue, completion and where students drop off'));
    expect(button.getAttribute('aria-expanded')).toBe('true');

    within(panel).getByRole('link', { name: 'Contact us' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getAllByRole('link', { name: 'Features' })[0]);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('choosing a product opens its section of the Features page', async () => {
    const { user, router } = await openLanding();
    await user.click(productMenuButton());
    await user.click(within(controlledPanel(productMenuButton())).getByRole('link', { name: 'Security' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/features'));
    expect(router.state.location.hash).toBe('security');
    expect(await screen.findByRole('heading', { level: 2, name: 'Security and privacy' })).toBeVisible();
  });
});

describe('the side dialog (narrow screens)', () => {
  it('traps focus, has the Product section, the links, Log in and Sign up, and Escape returns focus', async () => {
    const { user } = await openLanding();
    const opener = screen.getByRole('button', { name: 'Open main menu' });
    // The dialog's code is loaded when first wanted, so the click may suspend on it: React 19 retries a
    // render that suspended inside `act` only when that act is awaited (user-event's own is not).
    await act(() => user.click(opener));

    const dialog = await screen.findByRole('dialog', { name: 'Main menu' }, FIRST_PAINT);
    // Modal: the page behind is hidden from assistive technology while it is open.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    expect(document.documentElement.style.overflow).toBe('hidden');

    const product = within(dialog).getByRole('button', { name: 'Product' });
    const section = controlledPanel(product);
    expect(section.hidden).toBe(true);
    expect(
      hrefs(dialog).filter(
        ([name]) =>
          ![
            'Analytics',
            'Engagement',
            'Security',
            'Integrations',
            'Automations',
            'How it works',
            'Contact us',
          ].includes(name),
      ),
    ).toEqual([
      ['Features', '/features'],
      ['Courses', '/courses'],
      ['About', '/pages/about'],
      ['Log in', '/signin'],
      ['Sign up', '/signup'],
    ]);
    const signUp = within(dialog).getByRole('link', { name: 'Sign up' });

    // Shift+Tab from the first element wraps to the last, Tab from the last back to the first.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(signUp);
    await user.tab();
    expect(document.activeElement).toBe(close);

    await user.tab();
    expect(document.activeElement).toBe(product);
    await user.keyboard('{Enter}');
    expect(product.getAttribute('aria-expanded')).toBe('true');
    expect(section.hidden).toBe(false);
    expect(hrefs(section)).toEqual([
      ['Analytics', '/features#analytics'],
      ['Engagement', '/features#engagement'],
      ['Security', '/features#security'],
      ['Integrations', '/features#integrations'],
      ['Automations', '/features#automations'],
      ['How it works', '/features#how-it-works'],
      ['Contact us', '/pages/support'],
    ]);
    await user.tab();
    expect(document.activeElement).toBe(within(section).getByRole('link', { name: 'Analytics' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // React Aria gives focus back a frame after closing (decision 0058).
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(document.documentElement.style.overflow).toBe('');
  });

  it("closes with 'Close menu' and returns focus to 'Open main menu'", async () => {
    const { user } = await openLanding();
    const opener = screen.getByRole('button', { name: 'Open main menu' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // React Aria gives focus back a frame after closing (decision 0058); under load that frame comes late.
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(document.documentElement.style.overflow).toBe('');
  });

  it.each([
    ['Log in', '/signin'],
    ['Sign up', '/signup'],
    ['Courses', '/courses'],
  ])("'%s' leads to %s and closes the dialog", async (name, path) => {
    const { user, router } = await openLanding();
    await user.click(screen.getByRole('button', { name: 'Open main menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });
});
