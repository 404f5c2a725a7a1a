/**
 * The student dashboard at /dashboard (decision 0038): the figures, the lecture to continue, the courses
 * in progress and the recommendations from `learner.dashboard`; a new student's empty state; a failure.
 */
import type { LearnerDashboard } from '@lectio/contracts/learner';
import { buildActiveCourse, buildLearnerDashboard, buildRecommendedCourse } from '@lectio/mocks';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api-mocks';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const LECTURE = '00000000-0000-4000-8000-0000000000e1';

function tile(label: string): string {
  const stats = screen.getByRole('list', { name: 'Your learning in figures' });
  const item = within(stats)
    .getAllByRole('listitem')
    .find((entry) => entry.textContent?.startsWith(label));
  if (!item) throw new Error(`no tile ${label}`);
  return item.textContent?.slice(label.length) ?? '';
}

function openDashboard(answer: LearnerDashboard) {
  api.answer('learner.dashboard', answer);
  startSignedIn('student', { name: 'Meera Pillai' });
  return renderApp('/dashboard');
}

describe('student dashboard', () => {
  it('greets by name and shows the figures from the server', async () => {
    openDashboard(
      buildLearnerDashboard({
        name: 'Meera Pillai',
        coursesEnrolled: 4,
        coursesCompleted: 1,
        certificatesEarned: 2,
        averageProgress: 38,
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Meera Pillai' })).toBeVisible();
    await screen.findByText('38%');
    expect(tile('Courses Enrolled')).toBe('4');
    expect(tile('Courses Completed')).toBe('1');
    expect(tile('Certificates Earned')).toBe('2View certificates');
    expect(tile('Avg Progress')).toBe('38%');
    expect(screen.getByRole('link', { name: 'View certificates' }).getAttribute('href')).toBe(
      '/dashboard/certificates',
    );
    expect(screen.getByText('Welcome back! Keep going on your learning journey.')).toBeVisible();
  });

  it('continues the last lecture, one click away, at its position', async () => {
    const { user, router } = openDashboard(
      buildLearnerDashboard({
        continueLearning: {
          courseId: COURSE,
          courseTitle: 'Web Basics',
          lectureId: LECTURE,
          lectureTitle: 'Routing and layouts',
          kind: 'video',
          readingMinutes: null,
          position: 95,
          duration: 420,
          started: true,
        },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(section).getByText('Routing and layouts')).toBeVisible();
    expect(within(section).getByText('Web Basics')).toBeVisible();
    expect(within(section).getByText('Resume at 1:35 of 7:00')).toBeVisible();
    const link = within(section).getByRole('link', { name: 'Continue: Routing and layouts' });
    expect(link.getAttribute('href')).toBe(`/dashboard/course/${COURSE}/lecture/${LECTURE}`);

    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    await user.click(link);
    expect(router.state.location.pathname).toBe(`/dashboard/course/${COURSE}/lecture/${LECTURE}`);
  });

  it('names an article to read next by its reading time, not a video position', async () => {
    openDashboard(
      buildLearnerDashboard({
        continueLearning: {
          courseId: COURSE,
          courseTitle: 'Web Basics',
          lectureId: LECTURE,
          lectureTitle: 'How the web works',
          kind: 'article',
          readingMinutes: 6,
          position: 0,
          duration: 0,
          started: true,
        },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(section).getByText('Article, 6 min read')).toBeVisible();
    expect(within(section).queryByText(/Resume at/)).toBeNull();
  });

  it('offers to start when nothing has been watched yet', async () => {
    openDashboard(
      buildLearnerDashboard({
        continueLearning: {
          courseId: COURSE,
          courseTitle: 'Design Intro',
          lectureId: LECTURE,
          lectureTitle: 'Welcome',
          kind: 'video',
          readingMinutes: null,
          position: 0,
          duration: 60,
          started: false,
        },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(section).getByText('Start the first lecture')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Start learning: Welcome' })).toBeVisible();
  });

  it('shows the courses in progress with real progress bars and the recommendations', async () => {
    openDashboard(
      buildLearnerDashboard({
        activeCourses: [
          buildActiveCourse({
            courseId: COURSE,
            title: 'Web Basics',
            completedLectures: 2,
            totalLectures: 4,
          }),
          buildActiveCourse({ title: 'Design Intro', completedLectures: 0, totalLectures: 3 }),
        ],
        recommendations: [
          buildRecommendedCourse({
            title: 'DevOps Hit',
            rating: 4.25,
            ratingCount: 8,
            studentsCount: 10,
            price: 1299,
          }),
          buildRecommendedCourse({ title: 'New Course', ratingCount: 0, rating: 0, studentsCount: 1 }),
        ],
      }),
    );
    const active = await screen.findByRole('region', { name: 'My Active Courses' });
    const bars = within(active).getAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['Web Basics progress', '50'],
      ['Design Intro progress', '0'],
    ]);
    expect(within(active).getByText('2 of 4 lectures complete')).toBeVisible();
    expect(within(active).getByRole('link', { name: 'Web Basics' }).getAttribute('href')).toBe(
      `/dashboard/course/${COURSE}`,
    );
    expect(within(active).getByRole('link', { name: 'See all my courses' }).getAttribute('href')).toBe(
      '/dashboard/mycourse',
    );

    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    const cards = within(recommended).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'DevOps Hit',
      'New Course',
    ]);
    expect(cards[0]?.textContent).toContain('4.3 out of 5 (8 ratings)');
    expect(cards[0]?.textContent).toContain('10 students');
    expect(cards[0]?.textContent).toContain('₹1,299.00');
    expect(cards[1]?.textContent).toContain('No ratings yet');
  });

  it('says so when every enrolled course is complete', async () => {
    openDashboard(buildLearnerDashboard({ activeCourses: [], coursesCompleted: 2, continueLearning: null }));
    const active = await screen.findByRole('region', { name: 'My Active Courses' });
    expect(
      within(active).getByText('Every course you are enrolled in is complete. Well done!'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Continue learning' })).toBeNull();
  });

  it('a new student: zeros, nothing to continue, and a way to the catalogue', async () => {
    openDashboard(
      buildLearnerDashboard({
        name: 'New Learner',
        coursesEnrolled: 0,
        coursesCompleted: 0,
        certificatesEarned: 0,
        averageProgress: 0,
        continueLearning: null,
        activeCourses: [],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi New Learner' })).toBeVisible();
    const empty = await screen.findByRole('region', { name: 'No courses yet' });
    expect(within(empty).getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe(
      '/dashboard/courses',
    );
    expect(tile('Courses Enrolled')).toBe('0');
    expect(tile('Courses Completed')).toBe('0');
    expect(tile('Certificates Earned')).toBe('0');
    expect(tile('Avg Progress')).toBe('0%');
    expect(screen.queryByRole('link', { name: 'View certificates' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Continue learning' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'My Active Courses' })).toBeNull();
    expect(screen.getByText('Welcome! Your learning journey starts here.')).toBeVisible();
    // Popular courses still show, to start from.
    expect(screen.getByRole('region', { name: 'Recommended for you' })).toBeVisible();
  });

  it('shows dashes while loading, and an alert when the dashboard can’t be loaded', async () => {
    const answer = deferred<LearnerDashboard>();
    api.answer('learner.dashboard', () => answer.promise);
    startSignedIn('student', { name: 'Meera Pillai' });
    renderApp('/dashboard');
    expect(await screen.findByText('Loading your dashboard...')).toBeVisible();
    expect(tile('Courses Enrolled')).toBe('–');
    answer.resolve(buildLearnerDashboard());
    await screen.findByRole('region', { name: 'My Active Courses' });
    expect(screen.queryByText('Loading your dashboard...')).toBeNull();
  });

  it('an error answer shows the failure text', async () => {
    api.fail('learner.dashboard', 'NOT_FOUND', 'Nope');
    startSignedIn('student');
    renderApp('/dashboard');
    expect(await screen.findByText('Failed to load your dashboard. Please try again later.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Hi The student' })).toBeVisible();
  });
});
