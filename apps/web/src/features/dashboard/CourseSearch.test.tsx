import type { Course } from '@lectio/contracts/course';
import { buildCourse } from '@lectio/mocks';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

// The first render loads the route's modules; on a busy machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

/** A course whose texts only match what a test searches for (the purchases are filtered on them). */
function makeCourse(overrides: Partial<Course> & Pick<Course, '_id' | 'title'>): Course {
  return buildCourse({
    shortDescription: 'A course',
    description: 'A course',
    category: 'Web Development',
    tags: '',
    thumbnail: null,
    videos: [],
    instructor: { _id: 'instructor-1', name: 'Priya Sharma' },
    instructorName: 'Priya Sharma',
    ...overrides,
  });
}

const catalogue = [
  makeCourse({ _id: 'react', title: 'Modern React from Scratch' }),
  makeCourse({ _id: 'ts', title: 'TypeScript for JavaScript Developers' }),
  makeCourse({
    _id: 'node',
    title: 'Node.js APIs with Fastify and PostgreSQL',
    category: 'Backend Development',
  }),
];

/** A course list that answers `courses` whatever the search (the server does the matching). */
function searchable(courses: Course[]) {
  return { data: { courses, nextCursor: null } };
}

function combobox() {
  return screen.getByRole('combobox', { name: 'Search courses' });
}

/**
 * The option the arrow keys moved to: the one the box names as its active descendant, drawn as active
 * (React Aria's `data-focused`; focus itself stays in the box).
 */
function activeOption() {
  const id = combobox().getAttribute('aria-activedescendant');
  const option = id ? document.getElementById(id) : null;
  if (option) expect(option.getAttribute('data-focused')).toBe('true');
  return option;
}

/** The course options once the results are in (the last option, 'See all results', is there at once). */
async function courseOptions() {
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
  return screen.getAllByRole('option').filter((option) => !option.textContent?.startsWith('See all'));
}

describe('top-bar course search', () => {
  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
  ])('%s+K focuses the search box from anywhere', async (_name, modifiers) => {
    startSignedIn('student');
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });
    expect(document.activeElement).not.toBe(combobox());

    const event = fireEvent.keyDown(window, { key: 'k', ...modifiers });
    expect(event).toBe(false); // the browser's own Ctrl+K is prevented
    expect(document.activeElement).toBe(combobox());
  });

  it('searches the catalogue after a pause in typing and opens the chosen course with the keyboard', async () => {
    api.answer('courses.list', searchable(catalogue.slice(0, 2)));
    api.answer('courses.mine', searchable([]));
    startSignedIn('student');
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.click(combobox());
    await user.keyboard('script');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');

    const listbox = screen.getByRole('listbox', { name: 'Courses' });
    await courseOptions();
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Modern React from Scratch'),
      expect.stringContaining('TypeScript for JavaScript Developers'),
      'See all results for “script”',
    ]);
    // One debounced request for the whole word, with the term and a limit.
    expect(api.calls('courses.list')).toHaveLength(1);
    expect(api.calls('courses.list')[0]?.input).toEqual({ search: 'script', limit: 6 });
    expect(screen.getByText('2 courses found')).toBeVisible();

    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(options[0]);
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(options[1]);
    expect(options[0]?.hasAttribute('data-focused')).toBe(false);
    await user.keyboard('{ArrowDown}'); // 'See all results'
    expect(activeOption()).toBe(options[2]);
    await user.keyboard('{ArrowDown}'); // wraps around
    expect(activeOption()).toBe(options[0]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption()).toBe(options[1]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/course/ts'));
    expect((combobox() as HTMLInputElement).value).toBe('');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it("opens a course at the role's base path when clicked", async () => {
    api.answer('courses.list', searchable(catalogue.slice(0, 1)));
    api.answer('courses.instructorList', searchable([]));
    api.fail('admin.overview', 'NOT_FOUND', 'later');
    startSignedIn('admin');
    const { user, router } = renderApp('/dashboard/admin');
    await screen.findByRole('heading', { name: 'Admin Dashboard' });

    await user.type(combobox(), 'react');
    await user.click(await screen.findByRole('option', { name: /Modern React from Scratch/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/course/react'));
  });

  it("adds an instructor's own courses (drafts too) to the catalogue results, without duplicates", async () => {
    const draft = makeCourse({
      _id: 'flutter',
      title: 'Flutter: Build Your First Mobile App',
      isPublished: false,
    });
    api.answer('courses.list', searchable([catalogue[0] as Course]));
    api.answer('courses.instructorList', searchable([catalogue[0] as Course, draft]));
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor');
    await screen.findByRole('heading', { name: 'Instructor Dashboard', level: 1 });

    await user.type(combobox(), 'app');
    const options = await courseOptions();
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Modern React from Scratch'),
      expect.stringContaining('Draft'),
    ]);
    expect(api.calls('courses.instructorList')).toHaveLength(1);
    expect(api.calls('courses.instructorList')[0]?.input).toEqual({ search: 'app', limit: 6 });
  });

  it("says 'No courses found' and closes on Escape, clearing on a second Escape", async () => {
    api.answer('courses.list', searchable([]));
    api.answer('courses.mine', searchable([]));
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'zzz');
    expect(await screen.findAllByText('No courses found')).not.toHaveLength(0);
    // No course, only the way to the full results page (where 'Did you mean' may help).
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'See all results for “zzz”',
    ]);

    await user.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect((combobox() as HTMLInputElement).value).toBe('zzz');
    await user.keyboard('{Escape}');
    expect((combobox() as HTMLInputElement).value).toBe('');
  });

  it('keeps Enter from a closed list, and shows it again from the arrow keys where the user left it', async () => {
    api.answer('courses.list', searchable(catalogue.slice(0, 2)));
    api.answer('courses.mine', searchable([]));
    startSignedIn('student');
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'script');
    const options = await courseOptions();
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(options[0]);
    await user.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    // The list is closed: Enter opens neither the course that was active nor every result.
    await user.keyboard('{Enter}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect((combobox() as HTMLInputElement).value).toBe('script');

    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()).toBe(options[1]);
  });

  it("finds a student's purchased course even when the catalogue no longer lists it", async () => {
    const retired = makeCourse({ _id: 'retired', title: 'Retired React Patterns', isPublished: false });
    api.answer('courses.list', searchable([catalogue[0] as Course]));
    api.answer('courses.mine', searchable([retired, catalogue[2] as Course]));
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'REACT');
    const options = await courseOptions();
    // The purchase that does not match the term (Node.js) is left out.
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Modern React from Scratch'),
      expect.stringContaining('Retired React Patterns'),
    ]);
    expect(api.calls('courses.mine')).toHaveLength(1);
  });

  it('marks the matched part of each title, whatever its case and accents, as text', async () => {
    api.answer(
      'courses.list',
      searchable([
        makeCourse({ _id: 'cv', title: 'Résumé Writing for Developers' }),
        makeCourse({ _id: 'html', title: '<b>RESUME</b> tricks' }),
      ]),
    );
    api.answer('courses.mine', searchable([]));
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'resume');
    const [accented, markup] = await courseOptions();
    expect(Array.from(accented?.querySelectorAll('mark') ?? [], (mark) => mark.textContent)).toEqual([
      'Résumé',
    ]);
    // A title is text: its angle brackets show as typed, nothing in it becomes an element.
    expect(Array.from(markup?.querySelectorAll('mark') ?? [], (mark) => mark.textContent)).toEqual([
      'RESUME',
    ]);
    expect(markup?.querySelector('b')).toBeNull();
    expect(markup?.textContent).toContain('<b>RESUME</b> tricks');
  });

  it("opens 'See all results' from the keyboard: the last option, or Enter with none active", async () => {
    api.answer('courses.list', searchable(catalogue.slice(0, 2)));
    api.answer('courses.mine', searchable([]));
    startSignedIn('student');
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'type script');
    await courseOptions();
    const seeAll = screen.getByRole('option', { name: 'See all results for “type script”' });
    const href = new URL(seeAll.getAttribute('href') ?? '', 'http://localhost');
    expect([href.pathname, href.searchParams.get('search')]).toEqual(['/dashboard/courses', 'type script']);
    await user.keyboard('{ArrowUp}'); // from the input, up goes to the last option
    expect(combobox().getAttribute('aria-activedescendant')).toBe(seeAll.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/courses'));
    expect(router.state.location.search).toEqual({ search: 'type script' });
    expect((combobox() as HTMLInputElement).value).toBe('');

    // Enter before choosing any option (even before the results are in) asks for every result.
    await user.click(combobox());
    await user.keyboard('react{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'react' }));
    expect(router.state.location.pathname).toBe('/dashboard/courses');
  });

  it('does not search for a single character', async () => {
    api.answer('courses.list', searchable(catalogue));
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'r');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(api.calls('courses.list')).toHaveLength(0);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });
});
