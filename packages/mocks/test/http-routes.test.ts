import { describe, expect, it } from 'vitest';
import { buildLecture, buildMediaUploadResult, type Lecture } from '../src/index';
import { json } from './json';
import { API, useMockServer } from './mock-server';

const { api, onError } = useMockServer();

const COURSE_ID = '00000000-0000-4000-8000-0000000000aa';

describe('HTTP-only routes', () => {
  it('media.upload: multipart fields and file reach the answer; 201', async () => {
    const result = buildMediaUploadResult();
    api.answer('media.upload', result);
    const form = new FormData();
    form.set('key', result.public_id);
    form.set('contentType', 'video/mp4');
    form.set('file', new File([new Uint8Array([0, 0, 0, 24])], 'intro.mp4', { type: 'video/mp4' }));
    const response = await fetch(`${API}/media/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual(result);
    const [call] = api.calls('media.upload');
    expect(call?.input.fields).toEqual({ key: result.public_id, contentType: 'video/mp4' });
    expect(call?.input.files.file?.name).toBe('intro.mp4');
    expect(call?.input.files.file?.size).toBe(4);
  });

  it('lectures.upload: answers the lecture with 201, or the declared error', async () => {
    api.answer('lectures.upload', ({ input }) => ({
      message: 'Lecture uploaded',
      data: {
        lecture: buildLecture({
          title: input.fields.title ?? '',
          courseId: input.fields.courseId ?? COURSE_ID,
        }),
      },
    }));
    const form = new FormData();
    form.set('title', 'Welcome');
    form.set('courseId', COURSE_ID);
    form.set('lecture', new File(['x'], 'welcome.mp4', { type: 'video/mp4' }));
    const response = await fetch(`${API}/videos/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    expect((await json<{ data: { lecture: Lecture } }>(response)).data.lecture).toMatchObject({
      title: 'Welcome',
      courseId: COURSE_ID,
    });

    api.fail('lectures.upload', 'PAYLOAD_TOO_LARGE', 'File too large');
    const tooLarge = await fetch(`${API}/videos/upload`, { method: 'POST', body: form });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('media.download: answers bytes or a whole Response; the key is decoded', async () => {
    const key = `courses/${COURSE_ID}/thumbnail/u-1.jpg`;
    api.answer('media.download', 'jpeg bytes');
    const response = await fetch(`${API}/media/${encodeURIComponent(key)}?expires=1&signature=s`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('jpeg bytes');
    expect(api.calls('media.download')[0]?.input).toMatchObject({
      params: { key },
      query: { expires: '1', signature: 's' },
    });

    api.answer(
      'media.download',
      () =>
        new Response(new Uint8Array([1, 2]), { status: 206, headers: { 'content-range': 'bytes 0-1/10' } }),
    );
    const partial = await fetch(`${API}/media/${encodeURIComponent(key)}`, {
      headers: { range: 'bytes=0-1' },
    });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 0-1/10');

    api.fail('media.download', 'FORBIDDEN', 'Invalid or expired signature');
    expect((await fetch(`${API}/media/${encodeURIComponent(key)}`)).status).toBe(403);
  });

  it('payment.webhook: the raw body reaches the answer; the response is checked', async () => {
    api.answer('payment.webhook', { received: true });
    const event = JSON.stringify({ type: 'payment_intent.succeeded' });
    const response = await fetch(`${API}/payment/webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=abc', 'content-type': 'application/json' },
      body: event,
    });
    expect(await response.json()).toEqual({ received: true });
    const [call] = api.calls('payment.webhook');
    expect(call?.input.body).toBe(event);
    expect(call?.request.headers.get('stripe-signature')).toBe('t=1,v1=abc');

    api.answer('payment.webhook', { received: 'yes' } as never);
    expect((await fetch(`${API}/payment/webhook`, { method: 'POST', body: '{}' })).status).toBe(500);
    expect(onError).toHaveBeenCalledOnce();
  });

  it('meta.openapi: answers a JSON document', async () => {
    api.answer('meta.openapi', { openapi: '3.1.0', info: { title: 'Lectio', version: '1' } });
    expect(await (await fetch(`${API}/openapi.json`)).json()).toMatchObject({ openapi: '3.1.0' });
  });

  it('an unanswered route is 501, and /media/upload is not taken for /media/{key}', async () => {
    expect((await fetch(`${API}/openapi.json`)).status).toBe(501);
    api.answer('media.download', 'bytes');
    const upload = await fetch(`${API}/media/upload`, { method: 'POST', body: new FormData() });
    expect(upload.status).toBe(501);
    expect(api.calls('media.download')).toEqual([]);
  });
});
