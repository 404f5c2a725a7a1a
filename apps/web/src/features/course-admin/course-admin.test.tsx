/**
 * The course-management screens through the whole app (real routes, mocked API): the course list, create,
 * edit (permissions, lists, publish toggle, thumbnail upload, delete) and the lecture screens.
 */

import type { Lecture } from '@lectio/contracts/lecture';
import {
  buildCurriculum,
  buildCurriculumLesson,
  buildCurriculumSection,
  buildLessonResource,
  buildSection,
  buildUploadSignature,
  MockApiError,
} from '@lectio/mocks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../test/api-mocks';
import { coursePage, makeCourse, makeLecture } from '../../../test/course-fixtures';
import { FakeXhr } from '../../../test/fake-xhr';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

/** The first screen of a test renders the whole app shell: give it longer than findBy's 1 s default. */
const FIRST_PAINT = { timeout: 5000 };
const OWNER_ID = 'user-1'; // makeUser's default id: the signed-in instructor owns these courses.
const owned = (overrides = {}) =>
  makeCourse({ instructor: { _id: OWNER_ID, name: 'The instructor' }, ...overrides });

const signature = (kind: 'thumbnail' | 'lecture') =>
  buildUploadSignature({
    kind,
    courseId: 'course-1',
    uploadUrl: '/api/v1/media/upload',
    fields: { key: `courses/course-1/${kind}/k`, signature: 'sig' },
    key: `courses/course-1/${kind}/k`,
    maxBytes: 50_000_000,
  });
const updated = (course: ReturnType<typeof makeCourse>) => ({ message: 'Course updated', data: { course } });

/** `curriculum.get`'s answer for course-1: the sections in order, each with its lectures as lessons. */
function outline(sections: { _id?: string; title: string; lectures: Lecture[]; opensAfterDays?: number }[]) {
  let order = 0;
  return {
    data: buildCurriculum({
      courseId: 'course-1',
      sections: sections.map(({ lectures, ...section }, index) =>
        buildCurriculumSection(
          { ...section, order: index + 1 },
          lectures.map((lecture) =>
            buildCurriculumLesson({
              _id: lecture._id,
              title: lecture.title,
              isPreview: lecture.isPreview,
              order: ++order,
            }),
          ),
        ),
      ),
    }),
  };
}

// jsdom never loads media metadata: the duration read from the file is stubbed.
vi.mock('./upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./upload')>()),
  readVideoDuration: vi.fn(async () => 7.4),
}));

// Whole-app tests with several round trips: more than the 5 s default on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

/** A FileList for fireEvent.change (user-event's upload honours `accept`, so it can't pick a wrong type). */
/** Fills the create form's required fields (title, short description, category, level). */
async function fillRequired(
  user: ReturnType<typeof renderApp>['user'],
  fields: { title: string; shortDescription: string; category: string; level: string },
) {
  await user.type(screen.getByRole('textbox', { name: 'Title' }), fields.title);
  await user.type(screen.getByRole('textbox', { name: 'Short description' }), fields.shortDescription);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), fields.category);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), fields.level);
}

function fileList(...files: File[]): FileList {
  return Object.assign([...files], { item: (index: number) => files[index] ?? null }) as unknown as FileList;
}

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('course list', () => {
  it('shows 5 skeleton rows, then the table with price, level, status badges and Edit', async () => {
    const gate = deferred<ReturnType<typeof coursePage>>();
    api.answer('courses.instructorList', () => gate.promise);
    api.answer('courses.overview', {
      data: { totalCourses: 3, publishedCourses: 2, draftCourses: 1, courses: [] },
    });
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/course-list');

    expect(await screen.findByRole('heading', { name: 'Course list' }, FIRST_PAINT)).toBeVisible();
    expect(screen.getAllByTestId('course-row-skeleton')).toHaveLength(5);
    const overview = screen.getByRole('region', { name: 'System Overview' });
    const figures = () =>
      within(overview)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: /Create course/ })
        .getAttribute('href'),
    ).toBe('/dashboard/instructor/create');

    gate.resolve(
      coursePage([
        owned({ _id: 'a', title: 'Free draft', price: 0, status: 'draft', isPublished: false }),
        owned({ _id: 'b', title: 'Paid', price: 499, level: 'Advanced' }),
        owned({ _id: 'c', title: 'Odd', status: 'archived' }),
      ]),
    );
    const row = (await screen.findByRole('rowheader', { name: /Free draft/ })).closest('tr') as HTMLElement;
    // The viewer's own counts, from courses.overview (no sample figures).
    await waitFor(() =>
      expect(figures()).toEqual(['Total Courses: 3', 'Published Courses: 2', 'Draft Courses: 1']),
    );
    expect(screen.queryAllByTestId('course-row-skeleton')).toHaveLength(0);
    expect(within(row).getByText('Free')).toBeVisible();
    expect(within(row).getByText('draft').getAttribute('data-tone')).toBe('warning');
    expect(within(row).getByRole('link', { name: 'Edit Free draft' }).getAttribute('href')).toBe(
      '/dashboard/instructor/update/a',
    );
    const paid = screen.getByRole('rowheader', { name: /Paid/ }).closest('tr') as HTMLElement;
    expect(within(paid).getByText('₹499.00')).toBeVisible();
    expect(within(paid).getByText('Advanced')).toBeVisible();
    expect(within(paid).getByText('published').getAttribute('data-tone')).toBe('success');
    const odd = screen.getByRole('rowheader', { name: /Odd/ }).closest('tr') as HTMLElement;
    expect(within(odd).getByText('archived').getAttribute('data-tone')).toBe('error');
  });

  it("offers Edit to an instructor only for an owned course (an admin's list can hold others)", async () => {
    api.answer('courses.instructorList', coursePage([makeCourse({ _id: 'x', title: 'Not mine' })]));
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/course-list');
    const row = (await screen.findByRole('rowheader', { name: /Not mine/ }, FIRST_PAINT)).closest(
      'tr',
    ) as HTMLElement;
    const edit = within(row).getByRole('button', { name: /Edit/ });
    expect(edit).toHaveProperty('disabled', true);
    expect(edit.getAttribute('title')).toBe("You don't have permission to update this course");
  });

  it("shows 'No course found' and 'Something went wrong'", async () => {
    api.answer('courses.instructorList', coursePage([]));
    startSignedIn('admin');
    const first = renderApp('/dashboard/admin/course-list');
    expect(await screen.findByText('No course found', undefined, FIRST_PAINT)).toBeVisible();
    first.unmount();
  });

  it("shows 'Something went wrong' when the list fails", async () => {
    api.fail('courses.instructorList', 'BAD_REQUEST', 'Bad');
    startSignedIn('admin');
    renderApp('/dashboard/admin/course-list');
    expect(await screen.findByText('Something went wrong', undefined, FIRST_PAINT)).toBeVisible();
  });

  it('highlights the course whose id arrives in navigation state', async () => {
    api.answer(
      'courses.instructorList',
      coursePage([owned({ _id: 'a', title: 'First' }), owned({ _id: 'b', title: 'Second' })]),
    );
    api.fail('admin.overview', 'NOT_FOUND', 'later');
    startSignedIn('admin');
    const { router } = renderApp('/dashboard/admin');
    await screen.findByRole('heading', { name: 'Admin Dashboard' }, FIRST_PAINT);
    await router.navigate({ to: '/dashboard/admin/course-list', state: { highlightCourseId: 'b' } });
    const second = (await screen.findByRole('rowheader', { name: /Second/ })).closest('tr') as HTMLElement;
    expect(second.getAttribute('data-highlighted')).toBe('true');
    expect(within(second).getByText('Just saved')).toBeVisible();
    const first = screen.getByRole('rowheader', { name: /First/ }).closest('tr') as HTMLElement;
    expect(first.getAttribute('data-highlighted')).toBeNull();
  });
  it('refetches the cached list after the course was edited (invalidated, not served from cache)', async () => {
    let status = 'draft';
    api.answer('courses.instructorList', () =>
      coursePage([owned({ status, isPublished: status === 'published' })]),
    );
    api.answer('courses.get', { data: owned() });
    api.answer('courses.update', () => {
      status = 'published';
      return { message: 'ok', data: { course: owned() } };
    });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/course-list');
    const row = () => screen.getByRole('rowheader', { name: /Modern React/ }).closest('tr') as HTMLElement;
    await screen.findByRole('rowheader', { name: /Modern React/ }, FIRST_PAINT);
    expect(within(row()).getByText('draft')).toBeVisible();

    await user.click(within(row()).getByRole('link', { name: 'Edit Modern React from Scratch' }));
    await user.click(await screen.findByRole('button', { name: 'Update Course' }));
    expect(await screen.findByText('Course updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(within(row()).getByText('published')).toBeVisible());
    expect(api.calls('courses.instructorList')).toHaveLength(2);
  });
});

describe('create course', () => {
  it('requires the marked fields, then creates, toasts and highlights the new row', async () => {
    const created = owned({ _id: 'new-1', title: 'Rust for Beginners' });
    api.answer('courses.create', { message: 'Course created', data: { course: created } });
    api.answer('courses.instructorList', coursePage([created]));
    startSignedIn('instructor');
    const { user, router } = renderApp('/dashboard/instructor/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);

    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByText('Title is required')).toBeVisible();
    expect(screen.getByText('Short description is required')).toBeVisible();
    expect(screen.getByText('Category is required')).toBeVisible();
    expect(screen.getByText('Level is required')).toBeVisible();
    expect(api.calls('courses.create')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-required')).toBe('true');

    await fillRequired(user, {
      title: 'Rust for Beginners',
      shortDescription: 'Ownership without tears',
      category: 'Backend Development',
      level: 'Beginner',
    });
    await user.type(screen.getByRole('spinbutton', { name: 'Price (₹)' }), '799');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByText('Course created successfully!')).toBeInTheDocument();
    expect(api.calls('courses.create')[0]?.input).toEqual({
      title: 'Rust for Beginners',
      shortDescription: 'Ownership without tears',
      category: 'Backend Development',
      level: 'Beginner',
      price: 799,
      description: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/instructor/course-list'));
    const row = (await screen.findByRole('rowheader', { name: /Rust for Beginners/ })).closest('tr');
    expect(row?.getAttribute('data-highlighted')).toBe('true');
  });

  it('lets an admin name the instructor from the list, suspended ones marked', async () => {
    const created = owned({ _id: 'new-2', title: 'Assigned' });
    api.answer('admin.instructors', {
      instructors: [
        { _id: 'inst-1', name: 'Ada Teacher', email: 'ada@example.com', isActive: true },
        { _id: 'inst-2', name: 'Bob Away', email: 'bob@example.com', isActive: false },
      ],
    });
    api.answer('courses.create', { message: 'Course created', data: { course: created } });
    api.answer('courses.instructorList', coursePage([created]));
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);
    const instructor = screen.getByRole('combobox', { name: 'Instructor' }) as HTMLSelectElement;
    expect(instructor.value).toBe('');
    expect(instructor.options[0]?.textContent).toBe('The admin (you)');
    await waitFor(() => expect(instructor.options).toHaveLength(3));
    expect([...instructor.options].map((option) => option.textContent)).toEqual([
      'The admin (you)',
      'Ada Teacher (ada@example.com)',
      'Bob Away (suspended) (bob@example.com)',
    ]);

    await fillRequired(user, {
      title: 'Assigned',
      shortDescription: 'For Ada',
      category: 'Design',
      level: 'Beginner',
    });
    await user.selectOptions(instructor, 'inst-1');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Course created successfully!')).toBeInTheDocument();
    expect(api.calls('courses.create')[0]?.input).toMatchObject({
      title: 'Assigned',
      instructorId: 'inst-1',
    });
  });

  it('keeps the admin as instructor when the list fails, saying so, and sends no instructorId', async () => {
    const created = owned({ _id: 'new-3', title: 'Mine' });
    api.fail('admin.instructors', 'SERVICE_UNAVAILABLE', 'down');
    api.answer('courses.create', { message: 'Course created', data: { course: created } });
    api.answer('courses.instructorList', coursePage([created]));
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);
    expect(
      await screen.findByText('Could not load the instructors: the course will be yours.', {}, FIRST_PAINT),
    ).toBeVisible();
    await fillRequired(user, {
      title: 'Mine',
      shortDescription: 'Kept',
      category: 'Design',
      level: 'Beginner',
    });
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Course created successfully!')).toBeInTheDocument();
    expect(api.calls('courses.create')[0]?.input).not.toHaveProperty('instructorId');
  });

  it('offers an instructor no Instructor choice and never asks for the list', async () => {
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);
    expect(screen.queryByRole('combobox', { name: 'Instructor' })).toBeNull();
    expect(api.calls('admin.instructors')).toHaveLength(0);
  });

  it("shows the server's message, or 'Failed to create course' without one", async () => {
    api.fail('courses.create', 'FORBIDDEN', 'You do not have permission to do that');
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);
    await fillRequired(user, { title: 'T', shortDescription: 'S', category: 'Design', level: 'Advanced' });
    // 403 triggers one refresh-and-retry; the retry answers the same.
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByRole('alert', { name: '' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getAllByText('You do not have permission to do that').length).toBeGreaterThan(0),
    );

    // An answer without the API's body (a proxy's error page).
    server.use(http.post('*/trpc/courses.create', () => new HttpResponse('oops', { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    // A non-JSON 500 still carries a generic text from the client; only "no answer" uses the fallback.
    await waitFor(() =>
      expect(screen.getAllByText(/Request failed with status 500/).length).toBeGreaterThan(0),
    );
  });

  it("uses 'Failed to create course' when the server never answered", async () => {
    server.use(http.post('*/trpc/courses.create', () => HttpResponse.error()));
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);
    await fillRequired(user, { title: 'T', shortDescription: 'S', category: 'Design', level: 'Advanced' });
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    await waitFor(() => expect(screen.getAllByText('Failed to create course').length).toBeGreaterThan(0));
  });
});

describe('edit course', () => {
  it('edits the lists, toggles publishing, uploads a thumbnail with progress and saves', async () => {
    const course = owned({
      isPublished: false,
      status: 'draft',
      requirements: ['Node 20'],
      whatYouWillLearn: [],
    });
    api.answer('courses.get', { data: course });
    api.answer('media.uploadSignature', signature('thumbnail'));
    api.answer('courses.update', updated({ ...course, isPublished: true }));
    api.answer('courses.instructorList', coursePage([course]));
    startSignedIn('instructor');
    const { user, router } = renderApp('/dashboard/instructor/update/course-1');
    const title = await screen.findByRole('textbox', { name: 'Title' }, FIRST_PAINT);
    expect((title as HTMLInputElement).value).toBe('Modern React from Scratch');

    // Lists: one row each at least; the last row can't be removed.
    const learning = screen.getByRole('group', { name: "What you'll learn" });
    expect(within(learning).getAllByRole('textbox')).toHaveLength(1);
    expect(within(learning).getByRole('button', { name: 'Remove Learning point 1' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.type(within(learning).getByRole('textbox', { name: 'Learning point 1' }), 'Hooks');
    await user.click(within(learning).getByRole('button', { name: 'Add learning point' }));
    await user.type(within(learning).getByRole('textbox', { name: 'Learning point 2' }), 'Context');
    await user.click(within(learning).getByRole('button', { name: 'Move Learning point 2 up' }));
    expect(
      within(learning)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Context', 'Hooks']);
    const requirements = screen.getByRole('group', { name: 'Requirements' });
    await user.click(within(requirements).getByRole('button', { name: 'Add requirement' }));
    await user.click(within(requirements).getByRole('button', { name: 'Remove Requirement 2' }));
    expect(within(requirements).getAllByRole('textbox')).toHaveLength(1);
    expect(within(requirements).getByRole('button', { name: 'Remove Requirement 1' })).toHaveProperty(
      'disabled',
      true,
    );

    // Publish only flips local state until Update Course: the badge keeps the saved state meanwhile.
    const visibility = screen.getByText('Visibility:').parentElement as HTMLElement;
    expect(within(visibility).getByText('draft')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    expect(within(visibility).getByText('draft')).toBeVisible();
    expect(within(visibility).queryByText('published')).toBeNull();
    expect(screen.getByText('Will be published when you press Update Course.')).toBeVisible();
    expect(api.calls('courses.update')).toHaveLength(0);

    // Image files only.
    const fileInput = screen.getByLabelText('Thumbnail image') as HTMLInputElement;
    expect(fileInput.getAttribute('accept')).toBe('image/*');
    fireEvent.change(fileInput, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByText('Please choose an image file.')).toBeVisible();
    fireEvent.change(fileInput, {
      target: { files: fileList(new File([new Uint8Array(2000)], 'cover.png', { type: 'image/png' })) },
    });
    expect(screen.queryByText('Please choose an image file.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Update Course' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last?.progress(840, 2000);
    expect(await screen.findByText('Uploading thumbnail 42%')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Thumbnail upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('42');
    FakeXhr.last?.respond(201, JSON.stringify({ public_id: 'k', secure_url: '/m/k', duration: null }));

    expect(await screen.findByText('Course updated successfully!')).toBeInTheDocument();
    expect(api.calls('media.uploadSignature')[0]?.input).toEqual({
      kind: 'thumbnail',
      courseId: 'course-1',
      contentType: 'image/png',
    });
    const body = api.calls('courses.update')[0]?.input;
    expect(body).toMatchObject({
      id: 'course-1',
      title: 'Modern React from Scratch',
      isPublished: true,
      public_id: 'courses/course-1/thumbnail/k',
      whatYouWillLearn: ['Context', 'Hooks'],
      requirements: ['Node 20'],
      price: 1299,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/instructor/course-list'));
    expect(router.state.location.state.highlightCourseId).toBe('course-1');
  });

  it('reports an update failure with its status and message', async () => {
    api.answer('courses.get', { data: owned() });
    api.fail('courses.update', 'CONFLICT', 'Changed meanwhile');
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/update/course-1');
    await screen.findByRole('textbox', { name: 'Title' }, FIRST_PAINT);
    await user.click(screen.getByRole('button', { name: 'Update Course' }));
    expect(await screen.findByText('Update failed (409): Changed meanwhile')).toBeInTheDocument();
  });

  it("disables everything for an instructor who doesn't own the course, with the spec's messages", async () => {
    api.answer('courses.get', { data: makeCourse() });
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/update/course-1');
    const title = await screen.findByRole('textbox', { name: 'Title' }, FIRST_PAINT);
    expect(title.matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Unpublish' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Update Course' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete Course' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Manage lectures' })).toHaveProperty('disabled', true);
    expect(screen.getByText("You don't have permission to update this course")).toBeVisible();
    expect(screen.getByText("You don't have permission to delete this course")).toBeVisible();
    expect(screen.getByText("You don't have permission to access lectures")).toBeVisible();
  });

  it('deletes only after confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    api.answer('courses.get', { data: makeCourse() });
    api.answer('courses.delete', { message: 'Deleted' });
    api.answer('courses.instructorList', coursePage([]));
    startSignedIn('admin');
    const { user, router } = renderApp('/dashboard/admin/update/course-1');
    await user.click(await screen.findByRole('button', { name: 'Delete Course' }, FIRST_PAINT));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this course?');
    expect(api.calls('courses.delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Course' }));
    expect(await screen.findByText('Course deleted successfully')).toBeInTheDocument();
    expect(api.calls('courses.delete')[0]?.input).toEqual({ id: 'course-1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/course-list'));
  });

  it("says 'Failed to delete course' when deleting fails", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    api.answer('courses.get', { data: makeCourse() });
    api.fail('courses.delete', 'INTERNAL_SERVER_ERROR', 'db down');
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/update/course-1');
    await user.click(await screen.findByRole('button', { name: 'Delete Course' }, FIRST_PAINT));
    expect(await screen.findByText('Failed to delete course')).toBeInTheDocument();
  });
});

describe('lectures', () => {
  it('requires a title, creates a lecture, uploads its video with progress on the button', async () => {
    const lecture = makeLecture({ _id: 'lec-1', title: 'Intro', order: 1 });
    let lectures = [makeLecture({ _id: 'lec-0', title: 'Setup', order: 0, videoUrl: '/m/v' })];
    api.answer('courses.get', { data: owned() });
    api.answer('lectures.list', () => ({ videos: lectures }));
    api.answer('curriculum.get', () => outline([{ title: 'Course content', lectures }]));
    api.answer('lectures.create', { message: 'Lecture created successfully', data: { lecture } });
    api.answer('media.uploadSignature', signature('lecture'));
    api.answer('lectures.update', () => {
      lectures = [...lectures, { ...lecture, videoUrl: '/m/k' }];
      return { data: { lecture } };
    });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/create-lecture/course-1');
    expect(await screen.findByRole('link', { name: 'Edit Setup' }, FIRST_PAINT)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add Lecture' }));
    expect(screen.getByText('Lecture title must be required!')).toBeVisible();
    expect(api.calls('lectures.create')).toHaveLength(0);

    const video = screen.getByLabelText('Lecture video') as HTMLInputElement;
    expect(video.getAttribute('accept')).toBe('video/*');
    fireEvent.change(video, {
      target: { files: fileList(new File(['x'], 'cover.png', { type: 'image/png' })) },
    });
    expect(screen.getByText('Please choose a video file.')).toBeVisible();
    await user.upload(video, new File([new Uint8Array(4000)], 'intro.mp4', { type: 'video/mp4' }));

    await user.type(screen.getByRole('textbox', { name: 'Lecture title' }), 'Intro');
    await user.click(screen.getByRole('checkbox', { name: 'Free preview' }));
    await user.click(screen.getByRole('button', { name: 'Add Lecture' }));

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last?.progress(1000, 4000);
    expect(await screen.findByRole('button', { name: 'Uploading 25%' })).toBeVisible();
    FakeXhr.last?.progress(4000, 4000);
    FakeXhr.last?.respond(201, '{}');

    expect(await screen.findByText('Lecture created successfully')).toBeInTheDocument();
    expect(api.calls('lectures.create')[0]?.input).toEqual({
      title: 'Intro',
      courseId: 'course-1',
      isPreview: true,
    });
    const patch = api.calls('lectures.update')[0]?.input;
    expect(patch).toEqual({ lectureId: 'lec-1', public_id: 'courses/course-1/lecture/k', duration: 7 });
    expect([...((FakeXhr.last as FakeXhr).body as FormData).keys()]).toEqual(['key', 'signature', 'file']);
    expect(await screen.findByRole('button', { name: 'Add Lecture' })).toBeVisible();
    // The curriculum is refetched after the change: the new lecture shows in its section.
    const section = screen.getByRole('group', { name: /^Course content/ });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2), FIRST_PAINT);
    expect(within(section).getAllByRole('listitem')[0]?.textContent).toContain('Setup');
  });

  it("shows the server's message when creating fails, else 'Failed to create lecture'", async () => {
    api.answer('courses.get', { data: owned() });
    api.answer('lectures.list', { videos: [] });
    server.use(http.post('*/trpc/lectures.create', () => HttpResponse.error()));
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/create-lecture/course-1');
    await user.type(await screen.findByRole('textbox', { name: 'Lecture title' }, FIRST_PAINT), 'Intro');
    await user.click(screen.getByRole('button', { name: 'Add Lecture' }));
    expect(await screen.findByText('Failed to create lecture')).toBeInTheDocument();
  });

  it('deletes a lecture after confirming with its title', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    api.answer('courses.get', { data: makeCourse() });
    const setup = makeLecture({ _id: 'lec-1', title: 'Setup' });
    api.answer('lectures.list', { videos: [setup] });
    api.answer('curriculum.get', outline([{ title: 'Course content', lectures: [setup] }]));
    api.fail('lectures.delete', 'FORBIDDEN', 'Not yours');
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/create-lecture/course-1');
    await user.click(await screen.findByRole('button', { name: 'Delete Setup' }, FIRST_PAINT));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this lecture: Setup?');
    expect(await screen.findByText('Not yours')).toBeInTheDocument();
    expect(api.calls('lectures.delete')[0]?.input).toEqual({ id: 'lec-1' });
  });

  it('moves lessons across sections and sections with the arrows, saving the whole order each time', async () => {
    const [setup, basics, wrap] = [
      makeLecture({ _id: 'lec-1', title: 'Setup', order: 1 }),
      makeLecture({ _id: 'lec-2', title: 'Basics', order: 2 }),
      makeLecture({ _id: 'lec-3', title: 'Wrap-up', order: 3 }),
    ] as [Lecture, Lecture, Lecture];
    const byId = new Map([setup, basics, wrap].map((lecture) => [lecture._id, lecture]));
    let sections = [
      { _id: 'sec-1', title: 'Getting started', lectures: [setup, basics] },
      { _id: 'sec-2', title: 'Going further', lectures: [wrap] },
    ];
    let fail = false;
    api.answer('courses.get', { data: makeCourse() });
    api.answer('lectures.list', { videos: [setup, basics, wrap] });
    api.answer('curriculum.get', () => outline(sections));
    api.answer('curriculum.arrange', ({ input }) => {
      if (fail) throw new MockApiError('BAD_REQUEST', 'Order mismatch');
      const titles = new Map(sections.map((section) => [section._id, section.title]));
      sections = input.sections.map((section) => ({
        _id: section.sectionId,
        title: titles.get(section.sectionId) ?? '',
        lectures: section.lessonIds.map((id) => byId.get(id) as Lecture),
      }));
      return { message: 'Curriculum order saved', ...outline(sections) };
    });
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/create-lecture/course-1');
    const down = await screen.findByRole('button', { name: 'Move Basics down' }, FIRST_PAINT);
    const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
    expect(disabled('Move Setup up')).toBe(true);
    expect(disabled('Move Wrap-up down')).toBe(true);
    expect(disabled('Move section Getting started up')).toBe(true);
    expect(disabled('Move section Going further down')).toBe(true);
    const rows = (title: RegExp) =>
      within(screen.getByRole('group', { name: title }))
        .queryAllByRole('listitem')
        .map((row) => row.getAttribute('data-lecture-id'));

    // Past the end of its section, a lesson crosses into the next one, at its start.
    const refetched = api.calls('curriculum.get').length;
    await user.click(down);
    expect(await screen.findByText('Curriculum order saved')).toBeInTheDocument();
    expect(api.calls('curriculum.arrange')[0]?.input).toEqual({
      courseId: 'course-1',
      sections: [
        { sectionId: 'sec-1', lessonIds: ['lec-1'] },
        { sectionId: 'sec-2', lessonIds: ['lec-2', 'lec-3'] },
      ],
    });
    await waitFor(() => expect(rows(/^Going further/)).toEqual(['lec-2', 'lec-3']));
    expect(rows(/^Getting started/)).toEqual(['lec-1']);
    // The outline is read again after the change (the course page and the player read it too).
    await waitFor(() => expect(api.calls('curriculum.get').length).toBeGreaterThan(refetched));

    // A section moves with its lessons; the numbers follow the curriculum.
    await user.click(screen.getByRole('button', { name: 'Move section Going further up' }));
    await waitFor(() => expect(api.calls('curriculum.arrange')).toHaveLength(2));
    expect(api.calls('curriculum.arrange')[1]?.input.sections.map((section) => section.sectionId)).toEqual([
      'sec-2',
      'sec-1',
    ]);
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
        'Going further 2 lessons',
        'Getting started 1 lesson',
      ]),
    );
    expect(within(screen.getByRole('group', { name: /^Getting started/ })).getByText('3.')).toBeVisible();

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Move Setup up' }));
    expect(await screen.findByText('Order mismatch')).toBeInTheDocument();
    await waitFor(() => expect(rows(/^Getting started/)).toEqual(['lec-1']));
  });

  it('adds, renames, sets the opening of and deletes sections; a section with lessons stays', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const setup = makeLecture({ _id: 'lec-1', title: 'Setup', order: 1 });
    let sections: { _id: string; title: string; lectures: Lecture[]; opensAfterDays?: number }[] = [
      { _id: 'sec-1', title: 'Getting started', lectures: [setup] },
    ];
    api.answer('courses.get', { data: owned() });
    api.answer('lectures.list', { videos: [setup] });
    api.answer('curriculum.get', () => outline(sections));
    api.answer('curriculum.createSection', ({ input }) => {
      sections = [...sections, { _id: 'sec-2', title: input.title, lectures: [] }];
      return {
        message: 'Section added',
        data: { section: buildSection({ _id: 'sec-2', title: input.title }) },
      };
    });
    api.answer('curriculum.updateSection', ({ input }) => {
      sections = sections.map((section) =>
        section._id === input.sectionId
          ? {
              ...section,
              title: input.title ?? section.title,
              opensAfterDays: input.opensAfterDays ?? undefined,
            }
          : section,
      );
      return { message: 'Section renamed', data: { section: buildSection({ _id: input.sectionId }) } };
    });
    api.answer('curriculum.deleteSection', ({ input }) => {
      if (input.sectionId === 'sec-1') {
        throw new MockApiError('CONFLICT', 'This section still has lessons: move or delete them first');
      }
      sections = sections.filter((section) => section._id !== input.sectionId);
      return { message: 'Section deleted' };
    });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/create-lecture/course-1');
    const title = await screen.findByRole('textbox', { name: 'New section title' }, FIRST_PAINT);
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(await screen.findByText('Section title is required')).toBeVisible();
    expect(api.calls('curriculum.createSection')).toHaveLength(0);
    await user.type(title, 'Going further');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(await screen.findByText('Section added')).toBeInTheDocument();
    expect(api.calls('curriculum.createSection')[0]?.input).toEqual({
      courseId: 'course-1',
      title: 'Going further',
    });
    const added = await screen.findByRole('group', { name: /^Going further/ });
    expect(within(added).getByText(/No lessons in this section yet/)).toBeVisible();
    // The add-lecture form now offers the sections in order, the last chosen (where a lecture goes unasked).
    const choice = screen.getByRole('combobox', { name: 'Section' }) as HTMLSelectElement;
    expect([...choice.options].map((option) => option.text)).toEqual(['Getting started', 'Going further']);
    expect(choice.selectedOptions[0]?.text).toBe('Going further');

    // Rename it and open it 7 days after enrollment; a bad number of days shows the contract's message.
    await user.click(within(added).getByRole('button', { name: 'Edit section Going further' }));
    const name = within(added).getByRole('textbox', { name: 'Section title' });
    await user.clear(name);
    await user.type(name, 'Week 2');
    await user.click(within(added).getByRole('radio', { name: 'Days after enrollment' }));
    const days = within(added).getByRole('spinbutton', { name: 'Days after enrollment' });
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(added).getByRole('button', { name: 'Save section' }));
    expect(
      await within(added).findByText('Opening days must be a whole number from 1 to 3650'),
    ).toBeVisible();
    expect(api.calls('curriculum.updateSection')).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(added).getByRole('button', { name: 'Save section' }));
    expect(await screen.findByText('Section renamed')).toBeInTheDocument();
    expect(api.calls('curriculum.updateSection')[0]?.input).toEqual({
      sectionId: 'sec-2',
      title: 'Week 2',
      opensAfterDays: 7,
      opensAt: null,
    });
    const week2 = await screen.findByRole('group', { name: /^Week 2/ });
    expect(within(week2).getByText('Opens 7 days after you enroll')).toBeVisible();

    // A section holding lessons is kept, with the server's reason; an empty one goes.
    await user.click(screen.getByRole('button', { name: 'Delete section Getting started' }));
    expect(confirm).toHaveBeenCalledWith('Delete the section "Getting started"?');
    expect(
      await screen.findByText('This section still has lessons: move or delete them first'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete section Week 2' }));
    expect(await screen.findByText('Section deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('group', { name: /^Week 2/ })).toBeNull());
    expect(screen.getByRole('group', { name: /^Getting started/ })).toBeVisible();
  });

  it('adds a lecture into the chosen section', async () => {
    const setup = makeLecture({ _id: 'lec-1', title: 'Setup', order: 1 });
    const lecture = makeLecture({ _id: 'lec-2', title: 'Hello' });
    api.answer('courses.get', { data: owned() });
    api.answer('lectures.list', { videos: [setup] });
    api.answer(
      'curriculum.get',
      outline([
        { _id: 'sec-1', title: 'Getting started', lectures: [setup] },
        { _id: 'sec-2', title: 'Going further', lectures: [] },
      ]),
    );
    api.answer('lectures.create', { message: 'Lecture created successfully', data: { lecture } });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/create-lecture/course-1');
    const choice = await screen.findByRole('combobox', { name: 'Section' }, FIRST_PAINT);
    await user.selectOptions(choice, 'Getting started');
    await user.type(screen.getByRole('textbox', { name: 'Lecture title' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add Lecture' }));
    expect(await screen.findByText('Lecture created successfully')).toBeInTheDocument();
    expect(api.calls('lectures.create')[0]?.input).toEqual({
      title: 'Hello',
      courseId: 'course-1',
      isPreview: false,
      sectionId: 'sec-1',
    });
  });

  it("refuses the lecture screen to an instructor who doesn't own the course", async () => {
    api.answer('courses.get', { data: makeCourse() });
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/create-lecture/course-1');
    expect(
      await screen.findByText("You don't have permission to access lectures", undefined, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add Lecture' })).toBeNull();
  });

  it('edits one lecture and toasts; failures show the server message first', async () => {
    const lecture = makeLecture({ _id: 'lec-1', title: 'Old title', courseId: 'course-1' });
    let fail = true;
    api.answer('lectures.get', { data: { lecture } });
    api.answer('courses.get', { data: owned() });
    api.answer('lectures.list', { videos: [lecture] });
    // The lesson's video processing panel (saving refetches it).
    api.answer('video.processing', { data: null });
    api.answer('lectures.update', () => {
      if (fail) throw new MockApiError('VALIDATION_ERROR', 'Title too long');
      return { message: 'ok', data: { lecture } };
    });
    startSignedIn('instructor');
    const { user, router } = renderApp('/dashboard/instructor/updatelecture/lec-1');
    const title = await screen.findByRole('textbox', { name: 'Lecture title' }, FIRST_PAINT);
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Update Lecture' }));
    expect(screen.getByText('Lecture title must be required!')).toBeVisible();

    await user.type(title, 'New title');
    await user.click(screen.getByRole('button', { name: 'Update Lecture' }));
    expect(await screen.findByText('Title too long')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Update Lecture' }));
    expect(await screen.findByText('Lecture updated successfully')).toBeInTheDocument();
    expect(api.calls('lectures.update').at(-1)?.input).toEqual({
      lectureId: 'lec-1',
      title: 'New title',
      description: '',
      isPreview: false,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/instructor/create-lecture/course-1'),
    );
  });
});

describe('lesson resources', () => {
  it('uploads a chosen file with progress and attaches it; refuses other files; deletes after confirming', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const lecture = makeLecture({ _id: 'lec-1', title: 'Setup', courseId: 'course-1' });
    let resources = [
      buildLessonResource({ _id: 'res-1', lectureId: 'lec-1', title: 'Old notes', size: 48_213 }),
    ];
    api.answer('lectures.get', { data: { lecture } });
    api.answer('courses.get', { data: owned() });
    api.answer('resources.list', () => ({ data: { resources } }));
    api.answer(
      'media.uploadSignature',
      buildUploadSignature({ kind: 'resource', courseId: 'course-1', key: 'courses/course-1/resource/k.py' }),
    );
    api.answer('resources.attach', ({ input }) => {
      const resource = buildLessonResource({
        lectureId: 'lec-1',
        title: input.title,
        fileName: input.fileName,
      });
      resources = [...resources, resource];
      return { message: 'Resource added', data: { resource } };
    });
    api.answer('resources.delete', ({ input }) => {
      resources = resources.filter((resource) => resource._id !== input.resourceId);
      return { message: 'Resource deleted' };
    });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/updatelecture/lec-1');
    const panel = await screen.findByRole('region', { name: 'Resources' }, FIRST_PAINT);
    expect(await within(panel).findByText('Old notes')).toBeVisible();
    expect(within(panel).getByText(/48\.2 kB/)).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Add resource' }));
    expect(await within(panel).findByText('Resource title is required')).toBeVisible();
    const title = within(panel).getByRole('textbox', { name: 'Resource title' }) as HTMLInputElement;
    await user.type(title, 'Notes');
    await user.click(within(panel).getByRole('button', { name: 'Add resource' }));
    expect(await within(panel).findByText('Choose a file to add.')).toBeVisible();
    expect(api.calls('media.uploadSignature')).toHaveLength(0);
    await user.clear(title);

    const input = within(panel).getByLabelText('File') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: fileList(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })) },
    });
    expect(
      within(panel).getByText('Please choose a PDF, Office document, zip, text or code file.'),
    ).toBeVisible();
    // A Python file the browser gives no type: it goes by its extension, and is sent declaring it.
    fireEvent.change(input, {
      target: { files: fileList(new File(['print(1)'], 'solution.py', { type: '' })) },
    });
    expect((within(panel).getByRole('textbox', { name: 'Resource title' }) as HTMLInputElement).value).toBe(
      'solution',
    );
    await user.click(within(panel).getByRole('button', { name: 'Add resource' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(api.calls('media.uploadSignature')[0]?.input).toEqual({
      kind: 'resource',
      courseId: 'course-1',
      contentType: 'text/x-python',
    });
    FakeXhr.last?.progress(50, 100);
    expect(await within(panel).findByRole('button', { name: 'Uploading 50%' })).toBeVisible();
    const sent = ((FakeXhr.last as FakeXhr).body as FormData).get('file') as File;
    expect(sent.type).toBe('text/x-python');
    FakeXhr.last?.respond(201, '{}');
    expect(await screen.findByText('Resource added')).toBeInTheDocument();
    expect(api.calls('resources.attach')[0]?.input).toEqual({
      lectureId: 'lec-1',
      key: 'courses/course-1/resource/k.py',
      title: 'solution',
      fileName: 'solution.py',
    });
    expect(await within(panel).findByText('solution')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Delete resource Old notes' }));
    expect(confirm).toHaveBeenCalledWith('Delete the resource "Old notes"?');
    expect(await screen.findByText('Resource deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Old notes')).toBeNull());
  });
});

describe('create and edit ask for the same fields (issue 24)', () => {
  /** The labels of the controls a form marks required. */
  const requiredLabels = () =>
    [...document.querySelectorAll('form [aria-required="true"]')]
      .map((control) => document.querySelector(`label[for="${control.id}"]`)?.textContent?.replace('*', ''))
      .sort();

  it('marks the same fields required on Create and on Edit', async () => {
    api.answer('courses.get', { data: owned() });
    startSignedIn('instructor');
    const create = renderApp('/dashboard/instructor/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);
    const onCreate = requiredLabels();
    create.unmount();

    renderApp('/dashboard/instructor/update/course-1');
    await screen.findByRole('textbox', { name: 'Title' }, FIRST_PAINT);
    expect(requiredLabels()).toEqual(onCreate);
    expect(onCreate).toEqual(['Category', 'Level', 'Short description', 'Title']);
  });

  it('saves an edit with the description and price left empty, as Create accepts them', async () => {
    api.answer('courses.get', { data: owned({ description: '', price: 0 }) });
    api.answer('courses.update', updated(owned()));
    api.answer('courses.instructorList', coursePage([owned()]));
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/update/course-1');
    await screen.findByRole('textbox', { name: 'Title' }, FIRST_PAINT);
    await user.clear(screen.getByRole('spinbutton', { name: 'Price (₹)' }));
    await user.click(screen.getByRole('button', { name: 'Update Course' }));

    expect(await screen.findByText('Course updated successfully!')).toBeInTheDocument();
    // An empty price is a free course on both forms.
    expect(api.calls('courses.update')[0]?.input).toMatchObject({ description: '', price: 0 });
  });

  it('shows a bad price next to the field on both forms and sends nothing', async () => {
    api.answer('courses.get', { data: owned() });
    startSignedIn('instructor');
    const create = renderApp('/dashboard/instructor/create');
    await screen.findByRole('heading', { name: 'Create course' }, FIRST_PAINT);
    await create.user.type(screen.getByRole('spinbutton', { name: 'Price (₹)' }), '-5');
    await create.user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByRole('spinbutton', { name: 'Price (₹)' })).toHaveAccessibleDescription(
      expect.stringContaining('Price must be 0 or more'),
    );
    create.unmount();

    const edit = renderApp('/dashboard/instructor/update/course-1');
    const price = await screen.findByRole('spinbutton', { name: 'Price (₹)' }, FIRST_PAINT);
    await edit.user.clear(price);
    await edit.user.type(price, '-5');
    await edit.user.click(screen.getByRole('button', { name: 'Update Course' }));
    expect(screen.getByRole('spinbutton', { name: 'Price (₹)' })).toHaveAccessibleDescription(
      expect.stringContaining('Price must be 0 or more'),
    );
    expect(api.calls('courses.create')).toHaveLength(0);
    expect(api.calls('courses.update')).toHaveLength(0);
  });
});
