/**
 * Q&A on a lesson (issue 28 items 1 and 4, decision 0088) in Chromium against the production build: a
 * student asks a question at 0:42 of a video lesson; the instructor finds it on the home's "Unanswered
 * questions" card and in the panel's Unanswered list, and answers; the student sees the answer without a
 * reload (the thread's poll) and a notification in the bell, and accepts it; another student upvotes and
 * follows it, and reports it; the question's time seeks the video to 42 s; the instructor hides it from the
 * reported questions screen and it vanishes from the students' lists. Screenshots with axe of the panel, a
 * thread, the reported questions screen and the home card at 375 and 1280 px, light and dark. The course
 * is made (with a 60 s clip) and bought through the API. A general question is asked on the course page,
 * opened there from the instructor's home card and answered; the course page's Q&A is shot too.
 */
import type { QuestionPage } from '@lectio/contracts/questions';
import { addLectureWithVideo, type BuyingStudent, buyAsNewStudent, LONG_CLIP } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, freshPage, signIn, toast } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

const COURSE_TITLE = `Asking Questions ${Date.now()}`;
const VIDEO_TITLE = 'Status codes in practice';
const QUESTION_TITLE = 'Why is 304 not an error?';
const ANSWER_TEXT = 'A 304 says your cached copy is still good: nothing to download.';
const OTHER_QUESTION = 'Is there a transcript of this lesson?';
const GENERAL_QUESTION = 'Which editor do you use in the videos?';
const GENERAL_ANSWER = 'VS Code with the default theme.';
/** The poll (NOTIFICATION_POLL_SECONDS, 15 s) and a margin for a slow machine. */
const POLLED = { timeout: 40_000 };

let courseId = '';
let videoId = '';
let questionId = '';
let student: BuyingStudent;
let classmate: BuyingStudent;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: COURSE_TITLE,
      shortDescription: 'A video to ask questions about.',
      category: 'Web Development',
      level: 'Beginner',
      price: 199,
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  videoId = await addLectureWithVideo(
    request,
    headers,
    courseId,
    { title: VIDEO_TITLE, description: 'What each family of codes means.' },
    LONG_CLIP,
  );
  student = await buyAsNewStudent(request, courseId, { name: 'Quinn Asker', label: 'qa' });
  classmate = await buyAsNewStudent(request, courseId, { name: 'Uma Upvoter', label: 'qa-other' });
});

const coursePath = () => `/dashboard/course/${courseId}`;
const lessonPath = (lectureId: string) => `/dashboard/course/${courseId}/lecture/${lectureId}`;
const teacherLessonPath = (lectureId: string) =>
  `/dashboard/instructor/course/${courseId}/lecture/${lectureId}`;
const qaPanel = (page: Page) => page.getByRole('region', { name: 'Q&A', exact: true });
const lectureVideo = (page: Page) => page.getByLabel(`Lecture video: ${VIDEO_TITLE}`);
const videoTime = (page: Page) => lectureVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
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

const lessonQuestions = (request: Parameters<typeof apiGet>[0], token: string) =>
  apiGet<{ data: QuestionPage } | QuestionPage>(
    request,
    token,
    `/courses/${courseId}/questions?lectureId=${videoId}`,
  );

function questionsOf(page: { data: QuestionPage } | QuestionPage): QuestionPage['questions'] {
  return 'data' in page ? page.data.questions : page.questions;
}

test('a question at 0:42: answered by the instructor, seen without a reload, accepted, upvoted, followed, hidden', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, student.email, student.password);
  await page.goto(lessonPath(videoId));
  const panel = qaPanel(page);
  await expect(panel.getByText('No questions on this lesson yet. Be the first to ask.')).toBeVisible();

  await test.step('the student asks at 0:42 of the video', async () => {
    await seekVideo(page, 42);
    await panel.getByRole('button', { name: 'Ask a question' }).click();
    await panel.getByRole('textbox', { name: 'Title' }).fill(QUESTION_TITLE);
    await panel
      .getByRole('textbox', { name: /^Details/ })
      .fill('The server answers **304** to my browser, and the page still works. Why?');
    await panel.getByRole('button', { name: 'Ask at 0:42' }).click();
    await expect(toast(page, 'Your question was posted')).toBeVisible();
    await expect(panel.getByRole('heading', { name: QUESTION_TITLE })).toBeVisible();
    // The body is Markdown: **304** is bold.
    await expect(panel.locator('strong', { hasText: '304' })).toBeVisible();
    const listed = questionsOf(await lessonQuestions(request, student.token));
    expect(listed.map((question) => [question.title, question.seconds])).toEqual([[QUESTION_TITLE, 42]]);
    questionId = listed[0]?._id ?? '';
  });

  const teacher = await freshPage(browser);
  await test.step('the instructor sees it unanswered, on the home card and in the panel, and answers', async () => {
    await signInAs(teacher, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
    await teacher.goto('/dashboard/instructor');
    const card = teacher.getByRole('region', { name: 'Unanswered questions' });
    await expect(card.getByRole('link', { name: QUESTION_TITLE })).toBeVisible();
    await card.getByRole('link', { name: QUESTION_TITLE }).click();
    await expect(teacher).toHaveURL(
      new RegExp(`/dashboard/instructor/course/${courseId}/lecture/${videoId}\\?question=${questionId}$`),
    );
    const teacherPanel = qaPanel(teacher);
    await expect(teacherPanel.getByRole('heading', { name: QUESTION_TITLE })).toBeVisible();
    await teacherPanel.getByRole('button', { name: 'Back to questions' }).click();
    await teacherPanel.getByLabel('Sort by').selectOption('unanswered');
    await expect(
      teacherPanel.getByRole('list', { name: 'Questions' }).getByRole('button', { name: QUESTION_TITLE }),
    ).toBeVisible();
    await teacherPanel.getByRole('button', { name: QUESTION_TITLE }).click();
    await teacherPanel.getByRole('textbox', { name: 'Your answer (Markdown)' }).fill(ANSWER_TEXT);
    await teacherPanel.getByRole('button', { name: 'Post answer' }).click();
    await expect(toast(teacher, 'Your answer was posted')).toBeVisible();
  });

  await test.step('the student sees the answer without a reload, and a notification; accepts it', async () => {
    const answer = panel.getByRole('article', { name: `Answer by ${DEMO_ACCOUNTS.instructor.name}` });
    await expect(answer.getByText(ANSWER_TEXT)).toBeVisible(POLLED);
    await expect(answer.getByText('Instructor', { exact: true })).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).toBeVisible(POLLED);
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(
      'New answer to a question you follow',
      POLLED,
    );
    await page.keyboard.press('Escape');
    await answer.getByRole('button', { name: 'Accept answer' }).click();
    await expect(toast(page, 'The answer is marked as accepted')).toBeVisible();
    await expect(answer.getByText('Accepted answer')).toBeVisible();
  });

  const other = await freshPage(browser);
  await test.step('another student upvotes, follows and reports the question', async () => {
    await signInAs(other, classmate.email, classmate.password);
    await other.goto(`${lessonPath(videoId)}?question=${questionId}`);
    const otherPanel = qaPanel(other);
    await expect(otherPanel.getByRole('heading', { name: QUESTION_TITLE })).toBeVisible();
    const actions = otherPanel.getByRole('group', { name: 'Question actions' });
    await actions.getByRole('button', { name: 'Upvote, 0 upvotes' }).click();
    await expect(actions.getByRole('button', { name: 'Remove your upvote, 1 upvote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await otherPanel.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(toast(other, 'You will be notified of new answers')).toBeVisible();
    await expect(otherPanel.getByRole('button', { name: 'Unfollow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await otherPanel
      .getByRole('group', { name: 'Question actions' })
      .getByRole('button', { name: 'Report' })
      .click();
    await otherPanel
      .getByRole('textbox', { name: 'Why are you reporting this? (optional)' })
      .fill('Off topic for this lesson');
    await otherPanel.getByRole('button', { name: 'Send report' }).click();
    await expect(toast(other, 'Thanks. The course’s instructor will take a look.')).toBeVisible();
  });

  await test.step('the question’s time seeks the video to 0:42', async () => {
    await seekVideo(page, 0);
    expect(await videoTime(page)).toBe(0);
    await panel.getByRole('button', { name: 'Go to 0:42 in the video' }).first().click();
    await expect.poll(() => videoTime(page)).toBe(42);
  });

  await test.step('the instructor hides it from the reported questions; the students no longer see it', async () => {
    await teacher.goto('/dashboard/instructor/questions');
    const reported = teacher
      .getByRole('list', { name: 'Reported questions' })
      .getByRole('listitem')
      .filter({ hasText: QUESTION_TITLE });
    await expect(reported).toContainText('Off topic for this lesson');
    await reported.getByRole('button', { name: `Hide the question in “${QUESTION_TITLE}”` }).click();
    await expect(toast(teacher, 'Hidden from learners')).toBeVisible();
    await expect(reported.getByText('Hidden', { exact: true })).toBeVisible();

    await other.goto(lessonPath(videoId));
    await expect(
      qaPanel(other).getByText('No questions on this lesson yet. Be the first to ask.'),
    ).toBeVisible();
    expect(questionsOf(await lessonQuestions(request, classmate.token))).toEqual([]);
    const gone = await request.get(`/api/v1/questions/${questionId}`, {
      headers: { Authorization: `Bearer ${student.token}` },
    });
    expect(gone.status()).toBe(404);
  });

  await test.step('a second question stays unanswered, for the screenshots', async () => {
    const asked = await request.post(`/api/v1/courses/${courseId}/questions`, {
      headers: { Authorization: `Bearer ${classmate.token}` },
      data: {
        lectureId: videoId,
        title: OTHER_QUESTION,
        body: 'Reading is easier for me than `listening`.',
        seconds: 7,
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
  });
  await teacher.context().close();
  await other.context().close();
});

test('a general question: asked on the course page, opened there from the instructor’s home card, answered', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, student.email, student.password);
  await page.goto(coursePath());
  const panel = qaPanel(page);
  await expect(panel.getByRole('button', { name: 'Whole course' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'This lesson', exact: true })).toHaveCount(0);

  await test.step('the student asks about the course as a whole', async () => {
    await panel.getByRole('button', { name: 'Ask a question' }).click();
    await panel.getByRole('textbox', { name: 'Title' }).fill(GENERAL_QUESTION);
    await panel.getByRole('textbox', { name: /^Details/ }).fill('I would like the same setup.');
    await panel.getByRole('button', { name: 'Ask a question' }).click();
    await expect(toast(page, 'Your question was posted')).toBeVisible();
    await expect(panel.getByRole('heading', { name: GENERAL_QUESTION })).toBeVisible();
    await expect(panel.getByText('About the whole course')).toBeVisible();
  });

  const teacher = await freshPage(browser);
  await test.step('the home card opens it on the course page, where the instructor answers', async () => {
    await signInAs(teacher, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
    await teacher.goto('/dashboard/instructor');
    const card = teacher.getByRole('region', { name: 'Unanswered questions' });
    await card.getByRole('link', { name: GENERAL_QUESTION }).click();
    await expect(teacher).toHaveURL(
      new RegExp(`/dashboard/instructor/course/${courseId}\\?question=[0-9a-f-]{36}$`),
    );
    const teacherPanel = qaPanel(teacher);
    await expect(teacherPanel.getByRole('heading', { name: GENERAL_QUESTION })).toBeVisible();
    await teacherPanel.getByRole('textbox', { name: 'Your answer (Markdown)' }).fill(GENERAL_ANSWER);
    await teacherPanel.getByRole('button', { name: 'Post answer' }).click();
    await expect(toast(teacher, 'Your answer was posted')).toBeVisible();
  });

  await test.step('the student sees the answer on the course page without a reload', async () => {
    const answer = panel.getByRole('article', { name: `Answer by ${DEMO_ACCOUNTS.instructor.name}` });
    await expect(answer.getByText(GENERAL_ANSWER)).toBeVisible(POLLED);
  });
  await teacher.context().close();
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshots and axe at ${width} px, ${theme}: the Q&A panel, a thread, reported questions, the home card`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await signInAs(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);

      await page.goto('/dashboard/instructor');
      const card = page.getByRole('region', { name: 'Unanswered questions' });
      await expect(card.getByRole('link', { name: OTHER_QUESTION })).toBeVisible();
      // From the top: a full-page shot taken scrolled down paints the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(page, `the home's unanswered card at ${width} px, ${theme}`);
      await save(page, testInfo, `qa-home-card-${width}-${theme}`);

      await page.goto(teacherLessonPath(videoId));
      const panel = qaPanel(page);
      await panel.getByRole('button', { name: 'Hidden' }).click();
      await expect(panel.getByRole('button', { name: QUESTION_TITLE })).toBeVisible();
      await panel.getByRole('button', { name: 'This lesson' }).click();
      await expect(panel.getByRole('button', { name: OTHER_QUESTION })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(page, `the Q&A panel at ${width} px, ${theme}`);
      await save(page, testInfo, `qa-panel-${width}-${theme}`);

      await page.goto(`${teacherLessonPath(videoId)}?question=${questionId}`);
      await expect(panel.getByText(ANSWER_TEXT)).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(page, `a thread at ${width} px, ${theme}`);
      await save(page, testInfo, `qa-thread-${width}-${theme}`);

      await page.goto(`/dashboard/instructor/course/${courseId}`);
      await expect(panel.getByRole('button', { name: GENERAL_QUESTION })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(page, `the course page's Q&A at ${width} px, ${theme}`);
      await save(page, testInfo, `qa-course-${width}-${theme}`);

      await page.goto('/dashboard/instructor/questions');
      await expect(page.getByRole('list', { name: 'Reported questions' })).toContainText(QUESTION_TITLE);
      await expectNoBlockingViolations(page, `the reported questions at ${width} px, ${theme}`);
      await save(page, testInfo, `qa-reported-${width}-${theme}`);
    });
  }
}
