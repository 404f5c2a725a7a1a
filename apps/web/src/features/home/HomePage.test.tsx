/**
 * The landing page through the whole app (real routes, mocked API): the spec's texts, the 'Product'
 * dropdown (WAI-ARIA disclosure) and the narrow-screen side dialog (WAI-ARIA modal dialog) by keyboard
 * and pointer. jsdom applies no CSS, so the desktop navigation and the 'Open main menu' button are both
 * present here; e2e/tests/landing.spec.ts checks each layout at its width in Chromium.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { coursePage } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

async function openLanding() {
  api.answer('courses.list', coursePage([]));
  startSignedIn(null);
  const view = renderApp('/');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Start learning from best institutions' },
    FIRST_PAINT,
  );
  return view;
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

describe('landing page texts (spec section 1)', () => {
  it('shows the header, hero, selling points and footer', async () => {
    await openLanding();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Lectio' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('button', { name: 'Product' })).toBeTruthy();
    for (const name of ['Features', 'Marketplace', 'Company']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/signin');
    expect(within(nav).getByRole('button', { name: 'Open main menu' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Dark mode' })).toBeTruthy();

    expect(screen.getByText('new')).toBeTruthy();
    const heroLinks = screen.getByRole('list', { name: 'About Lectio' });
    expect(
      within(heroLinks)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Open roles', 'Internship program', 'Our values', 'Meet our leadership']);
    const stats = screen.getByText('Offices').closest('dl') as HTMLElement;
    const terms = within(stats)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(stats)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Offices', 'Colleagues', 'Hours per week', 'Paid time off']);
    expect(values).toEqual(['12', '300+', '40', 'Unlimited']);

    // The sections below the hero render right after it (HomePage), so they are waited for.
    for (const point of [
      'Learn with Experts',
      'Flexible Learning',
      'Learn Anything',
      'Industrial Standards',
    ]) {
      expect(await screen.findByRole('heading', { level: 3, name: point })).toBeTruthy();
    }
    expect(await screen.findByRole('region', { name: 'Trending Courses' })).toBeTruthy();

    const footer = screen.getByRole('contentinfo');
    const courses = within(footer).getByRole('navigation', { name: 'Courses' });
    expect(
      within(courses)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Data Science', 'Web Development', 'AI & Machine Learning', 'UI/UX Design']);
    expect(within(courses).getByRole('link', { name: 'Data Science' }).getAttribute('href')).toBe(
      '/courses?category=Data+Science',
    );
    const resources = within(footer).getByRole('navigation', { name: 'Resources' });
    expect(
      within(resources)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Blog', 'FAQs', 'Support', 'Privacy Policy']);
    const follow = within(footer).getByRole('list', { name: 'Follow Us' });
    expect(within(follow).getAllByRole('link').length).toBeGreaterThan(0);
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Lectio. All rights reserved.`),
    ).toBeTruthy();
  });

  it('placeholder links are focusable and lead nowhere', async () => {
    const { user, router } = await openLanding();
    const link = screen.getByRole('link', { name: 'Marketplace' });
    link.focus();
    expect(document.activeElement).toBe(link);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Our values' }));
    expect(router.state.location.href).toBe('/');
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
    expect(
      within(products)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Analytics', 'Engagement', 'Security', 'Integrations', 'Automations']);
    expect(within(panel).getByText('Get a better understanding of your learning progress')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Watch demo' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Contact sales' })).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Analytics' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('closes on a press outside, on Tab out of it, and when an item is chosen', async () => {
    const { user } = await openLanding();
    const button = productMenuButton();
    const panel = controlledPanel(button);

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(within(panel).getByText('Get a better understanding of your learning progress'));
    expect(button.getAttribute('aria-expanded')).toBe('true');

    within(panel).getByRole('link', { name: 'Contact sales' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Features' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(within(panel).getByRole('link', { name: 'Security' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

describe('the side dialog (narrow screens)', () => {
  it('traps focus, has the Product section, the links and Log in, and Escape returns focus', async () => {
    const { user } = await openLanding();
    const opener = screen.getByRole('button', { name: 'Open main menu' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Main menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    expect(document.body.style.overflow).toBe('hidden');

    const product = within(dialog).getByRole('button', { name: 'Product' });
    const section = controlledPanel(product);
    expect(section.hidden).toBe(true);
    for (const name of ['Features', 'Marketplace', 'Company']) {
      expect(within(dialog).getByRole('link', { name })).toBeTruthy();
    }
    const logIn = within(dialog).getByRole('link', { name: 'Log in' });
    expect(logIn.getAttribute('href')).toBe('/signin');

    // Shift+Tab from the first element wraps to the last, Tab from the last back to the first.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(logIn);
    await user.tab();
    expect(document.activeElement).toBe(close);

    await user.tab();
    expect(document.activeElement).toBe(product);
    await user.keyboard('{Enter}');
    expect(product.getAttribute('aria-expanded')).toBe('true');
    expect(section.hidden).toBe(false);
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Analytics',
      'Engagement',
      'Security',
      'Integrations',
      'Automations',
      'Watch demo',
      'Contact sales',
    ]);
    await user.tab();
    expect(document.activeElement).toBe(within(section).getByRole('link', { name: 'Analytics' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it("closes with 'Close menu' and returns focus to 'Open main menu'", async () => {
    const { user } = await openLanding();
    const opener = screen.getByRole('button', { name: 'Open main menu' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it("'Log in' leads to /signin", async () => {
    const { user, router } = await openLanding();
    await user.click(screen.getByRole('button', { name: 'Open main menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(document.body.style.overflow).toBe('');
  });
});
