/**
 * A video lesson's processing into adaptive streaming (issue 27, decision 0092) in Chromium against the
 * production build: the instructor uploads a clip through the API; the lesson's edit screen shows its
 * processing and reaches "ready" with its quality, read by polling; a buyer's stream is then a signed
 * master playlist whose media playlist and first segment load, and a non-buyer gets 403 for the master
 * playlist's URL once it is tampered with. Screenshots with axe of the panel at 375 and 1280 px, light
 * and dark.
 */
import { addLectureWithVideo, type BuyingStudent, buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

let courseId = '';
let lectureId = '';
let buyer: BuyingStudent;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: `Streaming ${Date.now()}`,
      shortDescription: 'A clip made adaptive.',
      category: 'Web Development',
      level: 'Beginner',
      price: 99,
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  lectureId = await addLectureWithVideo(request, headers, courseId, {
    title: 'Adaptive clip',
    description: 'Processed after upload.',
  });
  buyer = await buyAsNewStudent(request, courseId, { name: 'Sam Streamer', label: 'hls' });
});

const editPath = () => `/dashboard/instructor/updatelecture/${lectureId}`;

/** Signs in as the demo instructor and waits for their home, so the session is there before a goto. */
async function signInAsInstructor(page: Page): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
}
const panel = (page: Page) => page.getByRole('region', { name: 'Adaptive streaming' });

test('the edit screen shows the processing reach ready; the buyer’s signed stream loads, a tampered URL does not', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsInstructor(page);
  await page.goto(editPath());
  // The 5 s 320x180 clip: one rendition at its own size.
  await expect(panel(page).getByText('Ready to stream in 180p.')).toBeVisible({ timeout: 60_000 });

  const { data } = await apiGet<{ data: { isLocked: boolean; stream: { masterUrl: string } | null } }>(
    request,
    buyer.token,
    `/lectures/${lectureId}/stream`,
  );
  expect(data.isLocked).toBe(false);
  const master = await request.get(data.stream?.masterUrl ?? '');
  expect(master.status()).toBe(200);
  expect(master.headers()['content-type']).toBe('application/vnd.apple.mpegurl');
  const variantUrl = (await master.text()).split('\n').find((line) => line.startsWith('http')) ?? '';
  const variant = await request.get(variantUrl);
  expect(variant.status()).toBe(200);
  const segmentUrl = (await variant.text()).split('\n').find((line) => line.startsWith('http')) ?? '';
  const segment = await request.get(segmentUrl);
  expect(segment.status()).toBe(200);
  expect(segment.headers()['content-type']).toBe('video/iso.segment');

  const tampered = (data.stream?.masterUrl ?? '').replace(/signature=(.)/, (_m, c: string) =>
    c === 'a' ? 'signature=b' : 'signature=a',
  );
  expect((await request.get(tampered)).status()).toBe(403);
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshots and axe at ${width} px, ${theme}: the lesson's adaptive streaming panel`, async ({
      page,
    }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await signInAsInstructor(page);
      await page.goto(editPath());
      await expect(panel(page).getByText('Ready to stream in 180p.')).toBeVisible({ timeout: 60_000 });
      await expectNoBlockingViolations(page, `the streaming panel at ${width} px, ${theme}`);
      await save(page, testInfo, `video-processing-${width}-${theme}`);
    });
  }
}
