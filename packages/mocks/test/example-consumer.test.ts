// How another app's tests use @lectio/mocks (README.md, "Testing against Lectio", shows this file).
import type { AppRouter } from '@lectio/contracts/api';
import { buildCourse, buildCoursePage, type CoursePage, createApiMocks } from '@lectio/mocks';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const api = createApiMocks({ baseUrl: 'http://localhost:3000' });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => api.reset());
afterAll(() => server.close());

it('lists courses over REST', async () => {
  api.answer(
    'courses.list',
    buildCoursePage([buildCourse({ title: 'Rust for Web Developers', price: 1499 })]),
  );

  const response = await fetch('http://localhost:3000/api/v1/courses?category=Web%20Development');
  const { data } = (await response.json()) as CoursePage;

  expect(data.courses[0]).toMatchObject({ title: 'Rust for Web Developers', price: 1499, currency: 'INR' });
  expect(api.calls('courses.list')[0]?.input).toMatchObject({ category: 'Web Development', limit: 12 });
});

it('lists courses over tRPC, and gets the API error for a missing course', async () => {
  const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://localhost:3000/trpc' })] });
  api.answer('courses.list', buildCoursePage([buildCourse({ title: 'Rust for Web Developers' })]));
  api.fail('courses.get', 'NOT_FOUND', 'Course not found');

  const page = await trpc.courses.list.query({ limit: 12 });
  expect(page.data.courses.map((course) => course.title)).toEqual(['Rust for Web Developers']);
  await expect(trpc.courses.get.query({ id: 'no-such-course' })).rejects.toMatchObject({
    message: 'Course not found',
    data: { httpStatus: 404, appCode: 'NOT_FOUND' },
  });
});
