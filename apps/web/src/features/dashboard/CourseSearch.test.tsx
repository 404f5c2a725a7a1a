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
    const options = await within(listbox).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Modern React from Scratch'),
      expect.stringContaining('TypeScript for JavaScript Developers'),
    ]);
    // One debounced request for the whole word, with the term and a limit.
    expect(api.calls('courses.list')).toHaveLength(1);
    expect(api.calls('courses.list')[0]?.input).toEqual({ search: 'script', limit: 8 });
    expect(screen.getByText('2 courses found')).toBeTruthy();

    await user.keyboard('{ArrowDown}');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}'); // wraps around
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');

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
    await screen.findByText('Upcoming............');

    await user.type(combobox(), 'app');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Modern React from Scratch'),
      expect.stringContaining('Draft'),
    ]);
    expect(api.calls('courses.instructorList')).toHaveLength(1);
    expect(api.calls('courses.instructorList')[0]?.input).toEqual({ search: 'app', limit: 8 });
  });

  it("says 'No courses found' and closes on Escape, clearing on a second Escape", async () => {
    api.answer('courses.list', searchable([]));
    api.answer('courses.mine', searchable([]));
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'zzz');
    expect(await screen.findAllByText('No courses found')).not.toHaveLength(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect((combobox() as HTMLInputElement).value).toBe('zzz');
    await user.keyboard('{Escape}');
    expect((combobox() as HTMLInputElement).value).toBe('');
  });

  it("finds a student's purchased course even when the catalogue no longer lists it", async () => {
    const retired = makeCourse({ _id: 'retired', title: 'Retired React Patterns', isPublished: false });
    api.answer('courses.list', searchable([catalogue[0] as Course]));
    api.answer('courses.mine', searchable([retired, catalogue[2] as Course]));
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi The student' });

    await user.type(combobox(), 'REACT');
    const options = await screen.findAllByRole('option');
    // The purchase that does not match the term (Node.js) is left out.
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Modern React from Scratch'),
      expect.stringContaining('Retired React Patterns'),
    ]);
    expect(api.calls('courses.mine')).toHaveLength(1);
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
