/**
 * Article lessons in the web app (decision 0080), through the whole app with the API mocked: the editor's
 * kind choice and Markdown body (the contract's messages), the player's reading view (Markdown rendered
 * without raw HTML or script addresses) and Mark as read, and a visitor's free article on the course page.
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { buildCurriculum, buildCurriculumLesson, buildCurriculumSection } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };
const OWNER_ID = 'user-1';

const BODY_REQUIRED = "An article needs its text: write the article's body in Markdown";

/** Markdown that tries every way into the page's scripts; none may survive the reading view. */
const HOSTILE_MARKDOWN = [
  '## Safe heading',
  '',
  'Some **bold** text.',
  '',
  '<script>window.__pwned = true</script>',
  '',
  '<div class="raw-html">raw html block</div>',
  '',
  '[click me](javascript:alert(1))',
  '',
  '<img src="x" onerror="window.__pwned = true">',
  '',
  '![picture](javascript:alert(2))',
].join('\n');

function outline(lectures: Lecture[]) {
  return {
    data: buildCurriculum({
      courseId: 'course-1',
      sections: [
        buildCurriculumSection(
          { title: 'Getting started', order: 1 },
          lectures.map((lecture) =>
            buildCurriculumLesson({
              _id: lecture._id,
              title: lecture.title,
              kind: lecture.kind,
              order: lecture.order,
              isPreview: lecture.isPreview,
              readingMinutes: lecture.readingMinutes,
            }),
          ),
        ),
      ],
    }),
  };
}

describe('the curriculum editor', () => {
  it("adds an article: the contract's message without a body, a live preview, then kind and body sent", async () => {
    const created = makeLecture({
      _id: 'art-1',
      title: 'Reading list',
      kind: 'article',
      readingMinutes: 1,
      duration: 0,
      order: 2,
    });
    api.answer('courses.get', {
      data: makeCourse({ instructor: { _id: OWNER_ID, name: 'The instructor' } }),
    });
    api.answer('lectures.list', { videos: [] });
    api.answer('curriculum.get', outline([]));
    api.answer('lectures.create', { message: 'Lecture created successfully', data: { lecture: created } });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/create-lecture/course-1');

    await user.click(await screen.findByRole('radio', { name: 'Article' }, FIRST_PAINT));
    // An article has no video to upload.
    expect(screen.queryByLabelText('Lecture video')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Lecture title' }), 'Reading list');
    await user.click(screen.getByRole('button', { name: 'Add Lecture' }));
    expect(await screen.findByText(BODY_REQUIRED)).toBeVisible();
    expect(api.calls('lectures.create')).toHaveLength(0);

    const body = screen.getByRole('textbox', { name: /Article text/ });
    await user.type(body, '## Books{Enter}{Enter}- *Refactoring*');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { name: 'Books' })).toBeVisible();
    expect(within(preview).getByRole('listitem').textContent).toBe('Refactoring');
    expect(screen.queryByText(BODY_REQUIRED)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Lecture' }));
    expect(await screen.findByText('Lecture created successfully')).toBeInTheDocument();
    expect(api.calls('lectures.create')[0]?.input).toEqual({
      title: 'Reading list',
      courseId: 'course-1',
      isPreview: false,
      kind: 'article',
      body: '## Books\n\n- *Refactoring*',
    });
  });

  it("edits an article's body, with no video field, and refuses a blank one", async () => {
    const article = makeLecture({
      _id: 'art-1',
      title: 'Reading list',
      kind: 'article',
      body: '# Old text',
      readingMinutes: 1,
      duration: 0,
    });
    api.answer('lectures.get', { data: { lecture: article } });
    api.answer('courses.get', {
      data: makeCourse({ instructor: { _id: OWNER_ID, name: 'The instructor' } }),
    });
    api.answer('lectures.list', { videos: [] });
    api.answer('lectures.update', { message: 'ok', data: { lecture: article } });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/updatelecture/art-1');

    const body = await screen.findByRole('textbox', { name: /Article text/ }, FIRST_PAINT);
    expect((body as HTMLTextAreaElement).value).toBe('# Old text');
    expect(screen.queryByLabelText('Replace video')).toBeNull();
    await user.clear(body);
    await user.click(screen.getByRole('button', { name: 'Update Lecture' }));
    expect(await screen.findByText(BODY_REQUIRED)).toBeVisible();
    expect(api.calls('lectures.update')).toHaveLength(0);

    await user.type(body, 'New text');
    await user.click(screen.getByRole('button', { name: 'Update Lecture' }));
    expect(await screen.findByText('Lecture updated successfully')).toBeInTheDocument();
    expect(api.calls('lectures.update')[0]?.input).toEqual({
      lectureId: 'art-1',
      title: 'Reading list',
      description: '',
      isPreview: false,
      body: 'New text',
    });
  });
});

describe('the reading view', () => {
  const video = makeLecture({ _id: 'l1', order: 1, title: 'Intro: welcome', videoUrl: '/media/l1.mp4' });
  const article = makeLecture({
    _id: 'l2',
    order: 2,
    title: 'Notes on hooks',
    kind: 'article',
    duration: 0,
    readingMinutes: 3,
  });
  const course = makeCourse({ videos: [video, article], canAccessAll: true, progress: 50 });

  function answerPlayer(body: string) {
    api.answer('courses.get', { data: course });
    api.answer('curriculum.get', outline([video, article]));
    api.answer('lectures.get', { data: { lecture: { ...article, body } } });
  }

  it('renders the Markdown without raw HTML, scripts or javascript: addresses', async () => {
    answerPlayer(HOSTILE_MARKDOWN);
    startSignedIn('student', { purchasedCourses: ['course-1'] });
    api.answer('progress.course', {
      progress: { courseId: 'course-1', completionPercentage: 50, lectures: [] },
    });
    renderApp('/dashboard/course/course-1/lecture/l2');

    const reading = await screen.findByRole('article', { name: 'Notes on hooks' }, FIRST_PAINT);
    expect(within(reading).getByText('3 min read')).toBeVisible();
    expect(await within(reading).findByRole('heading', { name: 'Safe heading' })).toBeVisible();
    expect(within(reading).getByText('bold').tagName).toBe('STRONG');
    // The link keeps its words, without an address; the raw HTML is dropped, not shown or run.
    expect(within(reading).getByText('click me').closest('a')).toBeNull();
    expect(
      reading.querySelector('script, .raw-html, [onerror], [href^="javascript"], [src^="javascript"]'),
    ).toBeNull();
    expect(reading.textContent).not.toContain('raw html block');
    expect(reading.textContent).not.toContain('__pwned');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(screen.queryByLabelText(/Lecture video/)).toBeNull();
  });

  it('marks the article read: the server is called, the button turns to Read and the sidebar ticks it', async () => {
    answerPlayer('Hooks **let** function components hold state.');
    let completed = false;
    api.answer('progress.course', () => ({
      progress: {
        courseId: 'course-1',
        completionPercentage: completed ? 100 : 50,
        lectures: [
          { lectureId: 'l1', watchedDuration: 100, completed: true },
          ...(completed ? [{ lectureId: 'l2', watchedDuration: 0, completed: true }] : []),
        ],
      },
    }));
    api.answer('progress.markRead', ({ input }) => {
      completed = true;
      return {
        progress: { lectureId: input.lectureId, watchedDuration: 0, completed: true },
        certificateId: null,
      };
    });
    startSignedIn('student', { purchasedCourses: ['course-1'] });
    const { user } = renderApp('/dashboard/course/course-1/lecture/l2');

    const sidebar = await screen.findByRole('navigation', { name: 'Lectures' }, FIRST_PAINT);
    const row = within(sidebar).getByRole('link', { name: /Notes on hooks/ });
    expect(row.textContent).toContain('Article');
    expect(row.textContent).not.toContain('Completed');
    expect(within(sidebar).getByRole('link', { name: /Intro: welcome/ }).textContent).toContain('Video');

    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Read')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(api.calls('progress.markRead').map((call) => call.input)).toEqual([{ lectureId: 'l2' }]);
    await waitFor(() => expect(row.textContent).toContain('Completed'));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100'));
  });

  it('shows an article already read as Read, with no button', async () => {
    answerPlayer('Text.');
    api.answer('progress.course', {
      progress: {
        courseId: 'course-1',
        completionPercentage: 50,
        lectures: [{ lectureId: 'l2', watchedDuration: 0, completed: true }],
      },
    });
    startSignedIn('student', { purchasedCourses: ['course-1'] });
    renderApp('/dashboard/course/course-1/lecture/l2');
    expect(await screen.findByText('Read', undefined, FIRST_PAINT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });
});

describe('the course page', () => {
  it('lets a visitor read a free article in its row, each lesson showing its kind', async () => {
    const intro = makeLecture({
      _id: 'l1',
      order: 1,
      title: 'Intro: welcome',
      isPreview: true,
      videoUrl: '/m.mp4',
    });
    const free = makeLecture({
      _id: 'l2',
      order: 2,
      title: 'Cheat sheet',
      kind: 'article',
      isPreview: true,
      isLocked: false,
      duration: 0,
      readingMinutes: 2,
    });
    const locked = makeLecture({ _id: 'l3', order: 3, title: 'Deep dive', kind: 'article', isLocked: true });
    api.answer('courses.get', { data: makeCourse({ videos: [intro, free, locked] }) });
    api.answer('lectures.get', ({ input }) => {
      if (input.lectureId !== 'l2') throw new Error(`the visitor asked for ${input.lectureId}`);
      return { data: { lecture: { ...free, body: '## Shortcuts\n\n- `useState` holds a value' } } };
    });
    startSignedIn(null);
    const { user } = renderApp('/course/course-1');

    await user.click(await screen.findByRole('button', { name: /Course content/ }, FIRST_PAINT));
    const rows = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(rows.map((row) => row.textContent)).toEqual([
      '1.VideoIntro: welcomePreview2 min',
      '2.ArticleCheat sheetPreview2 min read',
      '3.ArticleDeep diveLocked1 min read',
    ]);
    // A locked article offers nothing to read.
    expect(screen.queryByRole('button', { name: 'Read the free article: Deep dive' })).toBeNull();

    const read = screen.getByRole('button', { name: 'Read the free article: Cheat sheet' });
    await user.click(read);
    expect(read.getAttribute('aria-expanded')).toBe('true');
    const text = screen.getByRole('region', { name: 'Free article: Cheat sheet' });
    expect(await within(text).findByRole('heading', { name: 'Shortcuts' })).toBeVisible();
    expect(within(text).getByText('useState').tagName).toBe('CODE');
  });
});
