/**
 * Lesson notes (issue 28 item 3, decision 0087) in Chromium against the production build: a student who
 * bought the course writes a note at a time of the video, edits it, deletes another, reloads and sees it,
 * and clicking its time seeks the video there; a note on an article has no time; from the article, the
 * whole course's list opens the video at the note's time; the Markdown export downloads the notes;
 * another student sees none of them and gets 404 for the note (API); screenshots with axe of the player's
 * notes at 375 and 1280 px, light and dark. The course is made and bought through the API.
 */
import { readFile } from 'node:fs/promises';
import type { LessonNote } from '@lectio/contracts/notes';
import { addLectureWithVideo, type BuyingStudent, buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

const COURSE_TITLE = `Taking Notes ${Date.now()}`;
const VIDEO_TITLE = 'Reading a status line';
const ARTICLE_TITLE = 'Headers, in short';

let courseId = '';
let videoId = '';
let articleId = '';
let student: BuyingStudent;
let classmate: BuyingStudent;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: COURSE_TITLE,
      shortDescription: 'A video and an article to take notes on.',
      category: 'Web Development',
      level: 'Beginner',
      price: 199,
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  videoId = await addLectureWithVideo(request, headers, courseId, {
    title: VIDEO_TITLE,
    description: 'The first line of every answer.',
  });
  const article = await request.post('/api/v1/videos/lecture', {
    headers,
    data: { courseId, title: ARTICLE_TITLE, kind: 'article', body: '## Headers\n\nName, colon, value.' },
  });
  expect(article.status(), await article.text()).toBe(201);
  articleId = ((await article.json()) as { data: { lecture: { _id: string } } }).data.lecture._id;
  student = await buyAsNewStudent(request, courseId, { name: 'Nora Notes', label: 'notes' });
  classmate = await buyAsNewStudent(request, courseId, { name: 'Carl Classmate', label: 'notes-other' });
});

const lessonPath = (lectureId: string) => `/dashboard/course/${courseId}/lecture/${lectureId}`;
const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes', exact: true });
const lectureVideo = (page: Page) => page.getByLabel(`Lecture video: ${VIDEO_TITLE}`);

async function signInAsStudent(page: Page): Promise<void> {
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(DASHBOARD_URL);
}

/** Waits for the video's metadata, then moves it to `seconds` and waits for the seek to finish. */
async function seekVideo(page: Page, seconds: number): Promise<void> {
  const video = lectureVideo(page);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await video.evaluate(
    (v: HTMLVideoElement, to) =>
      new Promise<void>((resolve) => {
        if (v.currentTime === to) return resolve();
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = to;
      }),
    seconds,
  );
}

const videoTime = (page: Page) => lectureVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function addNote(page: Page, body: string, button: string): Promise<void> {
  const panel = notesPanel(page);
  await panel.getByRole('textbox', { name: 'New note' }).fill(body);
  await panel.getByRole('button', { name: button }).click();
  // Listed, and the box is empty for the next one (two quick adds show two 'Note added' toasts at once).
  await expect(panel.getByRole('listitem').filter({ hasText: body })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'New note' })).toHaveValue('');
}

test('a student writes a note at a time of the video, reloads, and its time seeks the video', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsStudent(page);
  await page.goto(lessonPath(videoId));
  const panel = notesPanel(page);
  await expect(panel.getByText('No notes on this lesson yet.')).toBeVisible();

  await test.step('notes at 0:03 and 0:01; edit the first, delete the second', async () => {
    await seekVideo(page, 3);
    await addNote(page, 'The status line comes first', 'Add note at 0:03');
    await seekVideo(page, 1);
    await addNote(page, 'A note to delete', 'Add note at 0:01');
    await expect(panel.getByRole('button', { name: 'This lesson (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const first = panel.getByRole('listitem').filter({ hasText: 'The status line comes first' });
    await first.getByRole('button', { name: 'Edit' }).click();
    await panel
      .getByRole('textbox', { name: 'Edit note' })
      .fill('The status line comes first: version, code');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Note saved')).toBeVisible();

    page.once('dialog', (dialog) => void dialog.accept());
    await panel
      .getByRole('listitem')
      .filter({ hasText: 'A note to delete' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Note deleted')).toBeVisible();
    await expect(panel.getByText('A note to delete')).toHaveCount(0);
  });

  await test.step('after a reload the note is there, and its time seeks the video to 0:03', async () => {
    await page.reload();
    await expect(panel.getByText('The status line comes first: version, code')).toBeVisible();
    await seekVideo(page, 0);
    expect(await videoTime(page)).toBe(0);
    await panel.getByRole('button', { name: 'Go to 0:03 in the video' }).click();
    await expect.poll(() => videoTime(page)).toBe(3);
  });

  await test.step('an article’s note has no time; from there the course list opens the video at 0:03', async () => {
    await page.goto(lessonPath(articleId));
    await expect(page.getByRole('heading', { name: ARTICLE_TITLE, level: 1 })).toBeVisible();
    await addNote(page, 'Header names are case-insensitive', 'Add note');
    await panel.getByRole('button', { name: 'Whole course (2)' }).click();
    await expect(panel.getByRole('region', { name: VIDEO_TITLE })).toContainText(
      'The status line comes first: version, code',
    );
    await panel.getByRole('link', { name: `Open ${VIDEO_TITLE} at 0:03` }).click();
    await expect(page).toHaveURL(urlWithPath(`${lessonPath(videoId)}?t=3`));
    await expect(page.getByRole('heading', { name: VIDEO_TITLE, level: 1 })).toBeVisible();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBe(3);
  });

  await test.step('the export is the course’s notes as Markdown', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export as Markdown' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^notes-taking-notes-\d+\.md$/);
    expect(await readFile(await download.path(), 'utf8')).toBe(
      [
        `# ${COURSE_TITLE}`,
        '',
        `## ${VIDEO_TITLE}`,
        '',
        '- **0:03** The status line comes first: version, code',
        '',
        `## ${ARTICLE_TITLE}`,
        '',
        '- Header names are case-insensitive',
        '',
      ].join('\n'),
    );
  });

  await test.step('another student sees none of these notes and gets 404 for them', async () => {
    const mine = await apiGet<{ data: { notes: LessonNote[] } }>(
      request,
      student.token,
      `/courses/${courseId}/notes`,
    );
    expect(mine.data.notes.map((note) => [note.seconds, note.body])).toEqual([
      [3, 'The status line comes first: version, code'],
      [null, 'Header names are case-insensitive'],
    ]);
    const theirs = await apiGet<{ data: { notes: LessonNote[] } }>(
      request,
      classmate.token,
      `/courses/${courseId}/notes`,
    );
    expect(theirs.data.notes).toEqual([]);
    const noteId = mine.data.notes[0]?._id ?? '';
    const edit = await request.patch(`/api/v1/notes/${noteId}`, {
      headers: { Authorization: `Bearer ${classmate.token}` },
      data: { body: 'not yours' },
    });
    expect(edit.status()).toBe(404);
  });
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshot and axe at ${width} px, ${theme}: the notes in the player`, async ({
      page,
    }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await signInAsStudent(page);
      await page.goto(lessonPath(videoId));
      const panel = notesPanel(page);
      await expect(panel.getByText('The status line comes first: version, code')).toBeVisible();
      await expect(panel.getByRole('button', { name: /^Add note at / })).toBeVisible();
      await expectNoBlockingViolations(page, `the player's notes at ${width} px, ${theme}`);
      await save(page, testInfo, `notes-${width}-${theme}`);
      await panel.getByRole('button', { name: 'Whole course (2)' }).click();
      await expect(panel.getByRole('region', { name: ARTICLE_TITLE })).toBeVisible();
      // From the top, as the first screenshot: a full-page shot taken scrolled down paints the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(page, `the course's notes at ${width} px, ${theme}`);
      await save(page, testInfo, `notes-course-${width}-${theme}`);
    });
  }
}
