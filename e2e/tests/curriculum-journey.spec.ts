/**
 * Issue 26's whole journey in Chromium against the production build: a course of two sections (a video, a
 * free article with a resource, and a quiz of every question type written in the quiz builder) is
 * published only once its quiz has questions; a student who bought it watches the video, reads the article,
 * downloads the resource, fails the quiz once, passes it and gets the certificate; the gradebook shows both
 * attempts; a visitor reads the free article; screenshots with axe of the quiz builder, the quiz in the
 * player and the gradebook at 375 and 1280 px, light and dark. The course's video, sections and article are
 * made through the API (their screens have their own specs: learning, curriculum-editor, article-lessons).
 */
import { readFile } from 'node:fs/promises';
import { addLectureWithVideo, buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, freshPage, signIn, toast } from '../fixtures';
import { apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

const COURSE_TITLE = `Reading HTTP ${Date.now()}`;
const VIDEO_TITLE = 'What a request carries';
const ARTICLE_TITLE = 'Status codes, by family';
const QUIZ_TITLE = 'Check: status codes';
const ARTICLE = [
  '## Five families',
  '',
  'The first digit says who is at fault:',
  '',
  '- **2xx**: it worked',
  '- **4xx**: the request was wrong',
  '- **5xx**: the server failed',
].join('\n');
const PDF = Buffer.from('%PDF-1.4\n% status code table\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

let courseId = '';
let articleId = '';
let quizId = '';
let videoId = '';
let student = { email: '', password: '', name: '' };

async function instructorHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return {
    Authorization: `Bearer ${await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD)}`,
  };
}

test.beforeAll(async ({ request }) => {
  const headers = await instructorHeaders(request);
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: COURSE_TITLE,
      shortDescription: 'Read what servers answer.',
      category: 'Web Development',
      level: 'Beginner',
      price: 299,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  videoId = await addLectureWithVideo(request, headers, courseId, {
    title: VIDEO_TITLE,
    description: 'Method, path, headers and body.',
  });
  const section = await request.post(`/api/v1/courses/${courseId}/sections`, {
    headers,
    data: { title: 'Answers' },
  });
  expect(section.status(), await section.text()).toBe(201);
  const sectionId = ((await section.json()) as { data: { section: { _id: string } } }).data.section._id;
  const article = await request.post('/api/v1/videos/lecture', {
    headers,
    data: { courseId, sectionId, title: ARTICLE_TITLE, kind: 'article', body: ARTICLE, isPreview: true },
  });
  expect(article.status(), await article.text()).toBe(201);
  articleId = ((await article.json()) as { data: { lecture: { _id: string } } }).data.lecture._id;
});

async function signedInAsInstructor(page: Page): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(DASHBOARD_URL);
}

/** Fills question `position` of the builder (a new one, added first). */
async function question(page: Page, position: number, type: string, prompt: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a question' }).click();
  const group = page.getByRole('group', { name: `Question ${position}` });
  await group.getByLabel('Type').selectOption({ label: type });
  await group.getByRole('textbox', { name: 'Question text' }).fill(prompt);
}

test('the instructor adds a resource and a quiz of every question type, then publishes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAsInstructor(page);

  await test.step('a PDF on the article', async () => {
    await page.goto(`/dashboard/instructor/updatelecture/${articleId}`);
    const panel = page.getByRole('region', { name: 'Resources' });
    await panel
      .getByLabel('File')
      .setInputFiles({ name: 'status-codes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await panel.getByRole('textbox', { name: 'Resource title' }).fill('Status code table');
    await panel.getByRole('button', { name: 'Add resource' }).click();
    await expect(toast(page, 'Resource added')).toBeVisible();
  });

  await test.step('an empty quiz keeps the course from being published, naming the quiz', async () => {
    await page.goto(`/dashboard/instructor/create-lecture/${courseId}`);
    await page.getByRole('textbox', { name: 'Quiz title' }).fill(QUIZ_TITLE);
    await page.getByRole('button', { name: 'Add a quiz' }).click();
    await expect(page.getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
    quizId = page.url().split('/').at(-1) ?? '';
    expect(quizId).not.toBe('');
    const publish = await request.patch(`/api/v1/courses/${courseId}`, {
      headers: await instructorHeaders(request),
      data: { isPublished: true },
    });
    expect(publish.status()).toBeGreaterThanOrEqual(400);
    expect(await publish.text()).toContain(QUIZ_TITLE);
  });

  await test.step('the quiz builder: one question of each type, pass mark 75', async () => {
    await page.getByRole('spinbutton', { name: 'Pass mark (%)' }).fill('75');

    await question(page, 1, 'Single choice', 'Which status means "not found"?');
    const first = page.getByRole('group', { name: 'Question 1' });
    await first.getByRole('textbox', { name: 'Option 1 text' }).fill('404');
    await first.getByRole('textbox', { name: 'Option 2 text' }).fill('500');
    await first.getByRole('radio', { name: 'Option 1 is correct' }).check();
    await first.getByRole('textbox', { name: 'Explanation (optional)' }).fill('4xx: the request was wrong.');

    await question(page, 2, 'Multiple choice', 'Which are client errors?');
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByRole('textbox', { name: 'Option 1 text' }).fill('401');
    await second.getByRole('textbox', { name: 'Option 2 text' }).fill('403');
    await second.getByRole('button', { name: 'Add an option' }).click();
    await second.getByRole('textbox', { name: 'Option 3 text' }).fill('503');
    await second.getByRole('checkbox', { name: 'Option 1 is correct' }).check();
    await second.getByRole('checkbox', { name: 'Option 2 is correct' }).check();

    await question(page, 3, 'True / false', 'A 2xx status means it worked.');
    await page.getByRole('group', { name: 'Question 3' }).getByRole('radio', { name: 'True' }).check();

    await question(page, 4, 'Short answer', 'Which status code means "created"?');
    await page
      .getByRole('group', { name: 'Question 4' })
      .getByRole('textbox', { name: 'Accepted answer 1' })
      .fill('201');

    await page.getByRole('button', { name: 'Save quiz' }).click();
    await expect(toast(page, 'Quiz saved')).toBeVisible();
  });

  await test.step('now it publishes', async () => {
    const publish = await request.patch(`/api/v1/courses/${courseId}`, {
      headers: await instructorHeaders(request),
      data: { isPublished: true },
    });
    expect(publish.status(), await publish.text()).toBe(200);
  });
});

/**
 * Answers the quiz in the player: right, or with every answer wrong. With `reloadBeforeSubmit` the page is
 * reloaded once every question is answered: the attempt resumes with the answers given.
 */
async function takeQuiz(page: Page, right: boolean, { reloadBeforeSubmit = false } = {}): Promise<void> {
  const form = page.getByRole('form', { name: `Quiz: ${QUIZ_TITLE}` });
  await expect(form).toBeVisible();
  const group = (n: number) => form.getByRole('group', { name: new RegExp(`^Question ${n} of 4`) });
  await group(1)
    .getByRole('radio', { name: right ? '404' : '500' })
    .check();
  if (right) {
    await group(2).getByRole('checkbox', { name: '401' }).check();
    await group(2).getByRole('checkbox', { name: '403' }).check();
  } else {
    await group(2).getByRole('checkbox', { name: '503' }).check();
  }
  await group(3)
    .getByRole('radio', { name: right ? 'True' : 'False' })
    .check();
  await group(4)
    .getByRole('textbox')
    .fill(right ? ' 201 ' : '200');
  if (reloadBeforeSubmit) {
    await page.reload();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(group(1).getByRole('radio', { name: right ? '404' : '500' })).toBeChecked();
    for (const code of right ? ['401', '403'] : ['503']) {
      await expect(group(2).getByRole('checkbox', { name: code })).toBeChecked();
    }
    await expect(group(3).getByRole('radio', { name: right ? 'True' : 'False' })).toBeChecked();
    await expect(group(4).getByRole('textbox')).toHaveValue(right ? ' 201 ' : '200');
  }
  await form.getByRole('button', { name: 'Submit answers' }).click();
}

test('a student buys it, watches, reads, downloads, fails the quiz, passes it and gets the certificate', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const buyer = await buyAsNewStudent(request, courseId, { name: 'Quinn Learner', label: 'quiz-taker' });
  student = { email: buyer.email, password: buyer.password, name: buyer.name };
  const page = await freshPage(browser);
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(DASHBOARD_URL);

  await test.step('the video, watched to its end', async () => {
    await page.goto(`/dashboard/course/${courseId}/lecture/${videoId}`);
    const video = page.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 20_000 }).toBe(true);
    const row = page
      .getByRole('navigation', { name: 'Lectures' })
      .getByRole('link', { name: new RegExp(VIDEO_TITLE) });
    await expect(row).toContainText('Completed');
  });

  await test.step('the article, read and marked read; its resource downloaded', async () => {
    await page
      .getByRole('link', { name: new RegExp(ARTICLE_TITLE) })
      .first()
      .click();
    const reading = page.getByRole('article', { name: ARTICLE_TITLE });
    await expect(reading.getByRole('heading', { name: 'Five families' })).toBeVisible();
    await reading.getByRole('button', { name: 'Mark as read' }).click();
    await expect(reading.getByText('Read', { exact: true })).toBeVisible();
    const link = page
      .getByRole('region', { name: 'Resources' })
      .getByRole('link', { name: /Status code table/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('status-codes.pdf');
    expect((await readFile(await download.path())).equals(PDF)).toBe(true);
  });

  await test.step('the quiz, failed once', async () => {
    await page.goto(`/dashboard/course/${courseId}/lecture/${quizId}`);
    await page.getByRole('button', { name: 'Start quiz' }).click();
    await takeQuiz(page, false);
    await expect(page.getByText('0% (0 of 4 right)')).toBeVisible();
    await expect(page.getByText('Not passed: the pass mark is 75%')).toBeVisible();
    // The quiz shows answers: the review names the right one and the explanation.
    await expect(page.getByText('4xx: the request was wrong.')).toBeVisible();
  });

  await test.step('then passed: the course is complete and the certificate is ready', async () => {
    await page.getByRole('button', { name: 'Try again' }).click();
    // A reload before sending: the attempt resumes with every answer, so it still scores 100%.
    await takeQuiz(page, true, { reloadBeforeSubmit: true });
    await expect(page.getByText('100% (4 of 4 right)')).toBeVisible();
    await expect(page.getByText('Passed: the pass mark is 75%')).toBeVisible();
    await expect(page.getByText('Course complete: your certificate is ready')).toBeVisible();
    await page.getByRole('link', { name: 'View your certificate' }).click();
    await expect(page.getByText(COURSE_TITLE).first()).toBeVisible();
  });
  await page.close();
});

test('the gradebook shows both attempts, the best score and the item analysis', async ({ page }) => {
  await signedInAsInstructor(page);
  await page.goto(`/dashboard/instructor/gradebook/${courseId}`);
  const row = page.getByRole('row', { name: new RegExp(student.email) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('100%');
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  const analysis = page.getByRole('region', { name: `Item analysis: ${QUIZ_TITLE}` });
  // Two attempts, one right: 50% on every question.
  await expect(analysis.getByRole('row', { name: /Which status means "not found"\?/ })).toContainText('50');
});

test('a visitor reads the free article on the course page', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: /Course content/ }).click();
  await page.getByRole('button', { name: `Read the free article: ${ARTICLE_TITLE}` }).click();
  const article = page.getByRole('region', { name: `Free article: ${ARTICLE_TITLE}` });
  await expect(article.getByRole('heading', { name: 'Five families' })).toBeVisible();
  await page.close();
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshots and axe at ${width} px, ${theme}: quiz builder, quiz in the player, gradebook`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(90_000);
      const size = { width, height: width === 375 ? 812 : 800 };
      const teacher = await freshPage(browser);
      await useTheme(teacher, theme);
      await teacher.setViewportSize(size);
      await signedInAsInstructor(teacher);
      await teacher.goto(`/dashboard/instructor/updatelecture/${quizId}`);
      await expect(teacher.getByRole('group', { name: 'Question 4' })).toBeVisible();
      // The settings' toggles stack, each on its own line.
      const limitBox = await teacher.getByRole('checkbox', { name: 'Limit the attempts' }).boundingBox();
      const timedBox = await teacher.getByRole('checkbox', { name: 'Set a time limit' }).boundingBox();
      expect(timedBox?.y ?? 0, 'the time limit toggle is below the attempts one').toBeGreaterThan(
        (limitBox?.y ?? 0) + (limitBox?.height ?? 0),
      );
      await expectNoBlockingViolations(teacher, `the quiz builder at ${width} px, ${theme}`);
      await save(teacher, testInfo, `quiz-builder-${width}-${theme}`);
      await teacher.goto(`/dashboard/instructor/gradebook/${courseId}`);
      const email = teacher.getByText(student.email).filter({ visible: true });
      await expect(email).toBeVisible();
      // A long address wraps inside its cell at 375 px rather than running past the card's edge.
      expect(await email.evaluate((cell) => cell.scrollWidth <= cell.clientWidth), 'the e-mail fits').toBe(
        true,
      );
      await expectNoBlockingViolations(teacher, `the gradebook at ${width} px, ${theme}`);
      await save(teacher, testInfo, `gradebook-${width}-${theme}`);
      await teacher.close();

      const learner = await freshPage(browser);
      await useTheme(learner, theme);
      await learner.setViewportSize(size);
      await signIn(learner, student.email, student.password);
      await expect(learner).toHaveURL(DASHBOARD_URL);
      await learner.goto(`/dashboard/course/${courseId}/lecture/${quizId}`);
      await expect(learner.getByText('Your attempts')).toBeVisible();
      await expectNoBlockingViolations(learner, `the quiz in the player at ${width} px, ${theme}`);
      await save(learner, testInfo, `quiz-player-${width}-${theme}`);
      await learner.getByRole('button', { name: 'View result of attempt 1' }).click();
      await expect(learner.getByText('Not passed: the pass mark is 75%')).toBeVisible();
      await expectNoBlockingViolations(learner, `the quiz result at ${width} px, ${theme}`);
      await save(learner, testInfo, `quiz-result-${width}-${theme}`);
      await learner.close();
    });
  }
}
