/**
 * Set-up through the REST API for what a spec needs but doesn't test: a new student who has bought a
 * course with the test card, and a lecture that plays the demo clip. The steps under test go through the
 * UI; these only arrange the data, and fail on any status other than the expected one.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect } from '@playwright/test';
import { type NewUser, uniqueEmail } from './fixtures';
import { apiToken } from './screens';

/** A 5 s test clip (the server tests' upload sample), for uploads through the API and the lecture form. */
export const VIDEO_FILE = fileURLToPath(
  new URL('../apps/server/test/fixtures/sample-5s.mp4', import.meta.url),
);
/** The clip's length, recorded as the lecture's duration when it is attached. */
export const VIDEO_SECONDS = 5;
/** A 60 s clip (160x90, no sound, made by ffmpeg's test source), for a time past the short clip's end. */
export const LONG_CLIP = {
  file: fileURLToPath(new URL('./fixtures/sample-60s.mp4', import.meta.url)),
  seconds: 60,
} as const;

/** A test card the test payment driver accepts (Stripe's 4242 4242 4242 4242). */
export const GOOD_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' } as const;

const STUDENT_PASSWORD = 'secret-pass-1';

export interface BuyingStudent extends NewUser {
  /** Their access token, for further API calls as them. */
  token: string;
  /** The intent they paid, for a spec that also makes the browser's confirm call. */
  paymentIntentId: string;
}

/**
 * Signs a new student up and buys `courseId` as them with GOOD_CARD (create the intent, confirm it with
 * the card: a success is fulfilled at once). `name` is what the instructor sees of the buyer; `label`
 * goes into the unique email, to tell the specs' accounts apart in the database.
 */
export async function buyAsNewStudent(
  request: APIRequestContext,
  courseId: string,
  options: { name?: string; label?: string } = {},
): Promise<BuyingStudent> {
  const name = options.name ?? 'Bea Buyer';
  const email = uniqueEmail(options.label ?? 'buyer');
  const password = STUDENT_PASSWORD;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { name, email, password, confirmPassword: password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = await apiToken(request, email, password);
  const headers = { Authorization: `Bearer ${token}` };
  const intent = await request.post('/api/v1/payment/create-payment-intent', { headers, data: { courseId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await intent.json()) as {
    paymentIntentId: string;
    clientSecret: string;
  };
  const paid = await request.post('/api/v1/payment/test/confirm-card', {
    headers,
    data: { paymentIntentId, clientSecret, ...GOOD_CARD },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { name, email, password, token, paymentIntentId };
}

/**
 * Adds a lecture to `courseId` as the owner of `headers` and gives it the demo clip: uploaded straight to
 * storage through the direct-upload signature, then attached with its duration. Returns the lecture's id.
 */
export async function addLectureWithVideo(
  request: APIRequestContext,
  headers: Record<string, string>,
  courseId: string,
  lecture: { title: string; description: string },
  clip: { file: string; seconds: number } = { file: VIDEO_FILE, seconds: VIDEO_SECONDS },
): Promise<string> {
  const created = await request.post('/api/v1/videos/lecture', {
    headers,
    data: { title: lecture.title, courseId, description: lecture.description },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lectureId = ((await created.json()) as { data: { lecture: { _id: string } } }).data.lecture._id;

  const signature = await request.get('/api/v1/videos/signature', {
    headers,
    params: { kind: 'lecture', courseId, contentType: 'video/mp4' },
  });
  expect(signature.status(), await signature.text()).toBe(200);
  const target = (await signature.json()) as {
    uploadUrl: string;
    fields: Record<string, string>;
    key: string;
  };
  // The signed fields first, in order, then the file: the upload target reads them in that order.
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([await readFile(clip.file)], { type: 'video/mp4' }), 'clip.mp4');
  const uploaded = await request.post(target.uploadUrl, { multipart: form });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  const attached = await request.patch(`/api/v1/videos/${encodeURIComponent(lectureId)}/video_thumbnail`, {
    headers,
    data: { public_id: target.key, duration: clip.seconds },
  });
  expect(attached.status(), await attached.text()).toBe(200);
  return lectureId;
}
