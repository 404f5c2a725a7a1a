/**
 * Announcements and course e-mail (issue 28 item 2, decision 0089) in Chromium against the production
 * build: the instructor posts an announcement from the course's Edit page; both students who bought the
 * course see it (Markdown rendered) on the course page and in the bell, whose item opens the course
 * page; the admin's mail list has it once per student, with the one-click unsubscribe headers; the
 * e-mail's unsubscribe link works signed out, asks before it changes anything, and offers the way back;
 * the student's "E-mail me about this course" shows the choice. Screenshots with axe of the three
 * screens at 375 and 1280 px, light and dark. The course is made and bought through the API.
 */
import type { MailMessage, OutboxMessage } from '@lectio/contracts/mail';
import { MAIL_MESSAGES } from '@lectio/contracts/messages';
import { type BuyingStudent, buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, urlWithPath } from '../fixtures';
import { messageFromMailFiles } from '../mail-files';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

const COURSE_TITLE = `Announced ${Date.now()}`;
const TITLE = 'Lesson 2 was re-recorded';
const BODY = 'The new video has **clearer audio**.\n\n- Watch it from 2:10\n- The slides are updated';

let courseId = '';
let students: BuyingStudent[] = [];
let unsubscribePath = '';

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const created = await request.post('/api/v1/courses', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: COURSE_TITLE,
      shortDescription: 'A course whose instructor has news.',
      category: 'Web Development',
      level: 'Beginner',
      price: 99,
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  // A course is bought only once it has a lesson.
  const lesson = await request.post('/api/v1/videos/lecture', {
    headers: { Authorization: `Bearer ${token}` },
    data: { courseId, title: 'Welcome', kind: 'article', body: 'Hello and welcome.' },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  students = [
    await buyAsNewStudent(request, courseId, { name: 'Ana Announced', label: 'announced-a' }),
    await buyAsNewStudent(request, courseId, { name: 'Bo Announced', label: 'announced-b' }),
  ];
});

const editPath = () => `/dashboard/instructor/update/${courseId}`;
const coursePath = () => `/dashboard/course/${courseId}`;
const announcementsPanel = (page: Page) => page.getByRole('region', { name: 'Announcements', exact: true });

async function adminToken(request: Parameters<typeof apiToken>[0]) {
  return apiToken(request, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
}

/** The announcement's messages in the admin's mail list (the newest 100 are plenty here). */
async function announcementMail(request: Parameters<typeof apiToken>[0]): Promise<MailMessage[]> {
  const page = await apiGet<{ messages: MailMessage[] }>(
    request,
    await adminToken(request),
    '/mail?limit=100',
  );
  return page.messages.filter((message) => message.subject === `${COURSE_TITLE}: ${TITLE}`);
}

test('the instructor posts; both students see it on the course page and in the bell; one e-mail each', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await test.step('the instructor posts from the Edit course page', async () => {
    await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(DASHBOARD_URL);
    await page.goto(editPath());
    const panel = announcementsPanel(page);
    await expect(panel.getByText('No announcements yet.')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Announcement title' }).fill(TITLE);
    await panel.getByRole('textbox', { name: 'Announcement', exact: true }).fill(BODY);
    page.once('dialog', (dialog) => void dialog.accept());
    await panel.getByRole('button', { name: 'Post to all students' }).click();
    await expect(toast(page, /Announcement posted/)).toBeVisible();
    await expect(panel.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Announcement title' })).toHaveValue('');
    // The worker delivers it in the background: after a reload the figure says both students have it.
    await expect(async () => {
      await page.reload();
      await expect(panel.getByText('Delivered to 2 students')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  for (const student of students) {
    await test.step(`${student.name} sees it on the course page and in the bell`, async () => {
      const context = await browser.newContext();
      const learner = await context.newPage();
      await signIn(learner, student.email, student.password);
      await expect(learner).toHaveURL(DASHBOARD_URL);
      await learner.goto(coursePath());
      const panel = announcementsPanel(learner);
      await expect(panel.getByRole('heading', { name: TITLE })).toBeVisible();
      // Markdown rendered: bold and a list, no asterisks.
      await expect(panel.locator('strong', { hasText: 'clearer audio' })).toBeVisible();
      // A list inside the announcement's own list item.
      await expect(panel.locator('li li', { hasText: 'Watch it from 2:10' })).toBeVisible();
      await expect(panel.getByText('**')).toHaveCount(0);
      // No delivery figures for a student; their e-mail choice instead.
      await expect(panel.getByText(/Delivered to/)).toHaveCount(0);
      await expect(panel.getByRole('checkbox', { name: 'E-mail me about this course' })).toBeChecked();

      await learner.getByRole('button', { name: 'Notifications' }).click();
      const bell = learner.getByRole('dialog', { name: 'Notifications' });
      const item = bell.getByRole('listitem').filter({ hasText: `Announcement in ${COURSE_TITLE}` });
      await expect(item).toContainText(TITLE);
      await item.getByRole('link').first().click();
      await expect(learner).toHaveURL(urlWithPath(coursePath()));
      await context.close();
    });
  }

  await test.step('the mail list has it once per student, with its one-click unsubscribe link', async () => {
    await expect.poll(async () => (await announcementMail(request)).length, { timeout: 20_000 }).toBe(2);
    const mail = await announcementMail(request);
    expect(mail.map((message) => message.to).sort()).toEqual(students.map((s) => s.email).sort());
    const toAna = mail.find((message) => message.to === students[0]?.email);
    await expect
      .poll(async () => {
        const response = await request.get(`/api/v1/mail/${toAna?._id}/outbox`, {
          headers: { Authorization: `Bearer ${await adminToken(request)}` },
        });
        return response.status();
      })
      .toBe(200);
    // The admin, who is not its addressee, reads it with the unsubscribe link hidden (it acts for Ana).
    const { message: asAdmin } = await apiGet<{ message: OutboxMessage }>(
      request,
      await adminToken(request),
      `/mail/${toAna?._id}/outbox`,
    );
    expect(asAdmin.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(JSON.stringify(asAdmin)).not.toContain('/unsubscribe?token=');
    expect(asAdmin.text).toContain(MAIL_MESSAGES.tokenLinkHidden);
    // What Ana got, from the operator's mail files: the link in the header and at the foot.
    const message = messageFromMailFiles(students[0]?.email ?? '', `${COURSE_TITLE}: ${TITLE}`);
    const link = (message?.headers?.['List-Unsubscribe'] ?? '').replace(/^<|>$/g, '');
    expect(message?.text).toContain(`Unsubscribe from e-mails about ${COURSE_TITLE}: ${link}`);
    const url = new URL(link);
    expect(url.pathname).toBe('/unsubscribe');
    unsubscribePath = `${url.pathname}${url.search}`;
  });
});

test('the unsubscribe link works signed out, asks first, and offers the way back', async ({
  page,
  request,
}) => {
  const ana = students[0] as BuyingStudent;
  const emails = async () =>
    (await apiGet<{ data: { emails: boolean } }>(request, ana.token, `/courses/${courseId}/mail-preference`))
      .data.emails;
  await page.goto(unsubscribePath);
  await expect(page.getByRole('heading', { name: 'Course e-mail', level: 1 })).toBeVisible();
  await expect(page.getByText(`Stop e-mails about “${COURSE_TITLE}”?`)).toBeVisible();
  // Opening the page changed nothing.
  expect(await emails()).toBe(true);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(`You will get no more e-mail about ${COURSE_TITLE}.`)).toBeVisible();
  expect(await emails()).toBe(false);
  await page.getByRole('button', { name: 'E-mail me about this course again' }).click();
  await expect(page.getByText(`You will get e-mail about ${COURSE_TITLE} again.`)).toBeVisible();
  expect(await emails()).toBe(true);

  // An altered link says so, and changes nothing.
  await page.goto(`${unsubscribePath.slice(0, -2)}xx`);
  await expect(page.getByRole('heading', { name: 'This link did not work', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  expect(await emails()).toBe(true);
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshots and axe at ${width} px, ${theme}: posting, reading, unsubscribing`, async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(90_000);
      const size = { width, height: width === 375 ? 812 : 800 };
      await useTheme(page, theme);
      await page.setViewportSize(size);
      await page.goto(unsubscribePath);
      await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
      await expectNoBlockingViolations(page, `the unsubscribe page at ${width} px, ${theme}`);
      await save(page, testInfo, `unsubscribe-${width}-${theme}`);

      await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(DASHBOARD_URL);
      await page.goto(editPath());
      const managed = announcementsPanel(page);
      await expect(managed.getByText('Delivered to 2 students')).toBeVisible();
      await managed.scrollIntoViewIfNeeded();
      await expectNoBlockingViolations(page, `the instructor's announcements at ${width} px, ${theme}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await save(page, testInfo, `announcements-instructor-${width}-${theme}`);

      const context = await browser.newContext({ viewport: size });
      const learner = await context.newPage();
      await useTheme(learner, theme);
      const ana = students[0] as BuyingStudent;
      await signIn(learner, ana.email, ana.password);
      await expect(learner).toHaveURL(DASHBOARD_URL);
      await learner.goto(coursePath());
      await expect(announcementsPanel(learner).getByRole('heading', { name: TITLE })).toBeVisible();
      await expectNoBlockingViolations(learner, `the course's announcements at ${width} px, ${theme}`);
      await save(learner, testInfo, `announcements-course-${width}-${theme}`);
      await context.close();
    });
  }
}
