/**
 * The course detail page (spec section 2), public at /course/{id} and in every dashboard section at
 * {base}/course/{id}: header with the action button, free preview intro, what you'll learn, requirements,
 * description, tags, the expandable course content and the reviews (features/reviews). The course is
 * refetched on every visit.
 */
import type { Course } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { checkoutLink, lectureLink, sectionBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { CourseAnnouncements } from '../announcements/CourseAnnouncements';
import { CourseMailSwitch } from '../announcements/CourseMailSwitch';
import { canManageCourse } from '../course-admin/edit-permissions';
import { courseProgressQuery } from '../learning/progress-api';
import { QuestionsPanel } from '../questions/QuestionsPanel';
import { CourseReviews } from '../reviews/CourseReviews';
import { CourseContent } from './CourseContent';
import { CourseProgress } from './CourseProgress';
import { CATALOG_TEXT } from './catalog-text';
import { formatCoursePrice, previewIntroLecture, tagList } from './course-format';
import { courseQuery, curriculumQuery } from './course-queries';
import { GoBackButton } from './GoBackButton';

const courseActionClassName = actionClassName('primary', 'large');

export type CourseAction =
  | { kind: 'login'; label: string; from: string }
  | { kind: 'enroll'; label: string; link: ReturnType<typeof checkoutLink> | null }
  | { kind: 'continue'; label: string; link: ReturnType<typeof lectureLink> | null };

/**
 * The action button (spec section 2): 'Login to Enroll' for a visitor (to /signin, coming back here),
 * 'Enroll Now' without full access (to checkout, carrying a shared link's coupon code), with it 'Start'
 * before any progress and 'Continue Watching' after (to the first lecture not completed yet). The sign-in link comes back to this
 * page, code included.
 * A course without lectures has nowhere to go: link null, and the click says lectures are coming soon.
 */
export function courseAction(
  course: Pick<Course, '_id' | 'canAccessAll' | 'videos'> & { progress?: number | null },
  viewer: { role: string } | null,
  currentPath: string,
  coupon?: string,
  completedLectureIds: ReadonlySet<string> = new Set(),
): CourseAction {
  if (!viewer) return { kind: 'login', label: COURSE_MESSAGES.loginToEnroll, from: currentPath };
  const base = sectionBase(viewer.role);
  const inOrder = [...course.videos].sort((a, b) => a.order - b.order);
  // Resume where the learner is: the first lecture not completed yet (the first once all are done).
  const resume = inOrder.find((lecture) => !completedLectureIds.has(lecture._id)) ?? inOrder[0];
  if (course.canAccessAll) {
    return {
      kind: 'continue',
      label: (course.progress ?? 0) > 0 ? COURSE_MESSAGES.continueWatching : COURSE_MESSAGES.start,
      link: resume ? lectureLink(base, course._id, resume._id) : null,
    };
  }
  return {
    kind: 'enroll',
    label: COURSE_MESSAGES.enrollNow,
    link: course.videos.length > 0 ? checkoutLink(base, course._id, coupon) : null,
  };
}

function ActionButton({ action }: { action: CourseAction }) {
  if (action.kind === 'login') {
    return (
      <Link to="/signin" search={{ from: action.from }} className={courseActionClassName}>
        {action.label}
      </Link>
    );
  }
  if (action.link === null) {
    return (
      <button
        type="button"
        onClick={() => toast.error(COURSE_MESSAGES.lecturesComingSoon)}
        className={courseActionClassName}
      >
        {action.label}
      </button>
    );
  }
  return (
    <Link {...action.link} className={courseActionClassName}>
      {action.label}
    </Link>
  );
}

function ListSection({ title, items }: { title: string; items: readonly string[] }) {
  const shown = items.filter((item) => item.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <section className={panelClassName}>
      <h2 className="mb-3 text-xl font-semibold">{title}</h2>
      <ul className="grid list-disc gap-2 pl-5 sm:grid-cols-2">
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export function CourseDetail({ courseId }: { courseId: string }) {
  const { user } = useSession();
  const currentPath = useLocation({ select: (location) => location.href });
  const coupon = useSearch({ strict: false, select: (search) => search.coupon });
  const questionId = useSearch({ strict: false, select: (search) => search.question }) ?? null;
  const course = useQuery(courseQuery(courseId));
  const curriculum = useQuery(curriculumQuery(courseId));
  const tracking = user !== null && can(user, 'track_progress') && course.data?.canAccessAll === true;
  const progress = useQuery({ ...courseProgressQuery(courseId), enabled: tracking });

  if (course.isPending) {
    return (
      <p role="status" className="py-16 text-center text-slate-700 dark:text-slate-300">
        {CATALOG_TEXT.loadingCourse}
      </p>
    );
  }
  if (course.isError) {
    return (
      <div className="space-y-4">
        <GoBackButton />
        <div role="alert" className="space-y-1">
          <p className="text-lg font-semibold text-red-700 dark:text-red-400">{COURSE_MESSAGES.loadFailed}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{errorMessage(course.error)}</p>
        </div>
      </div>
    );
  }

  const data = course.data;
  const lectures = [...data.videos].sort((a, b) => a.order - b.order);
  const preview = previewIntroLecture(lectures);
  const previewUrl = preview?.videoUrl ?? null;
  const tags = tagList(data.tags);
  const completed = new Set(
    (progress.data?.lectures ?? []).filter((item) => item.completed).map((item) => item.lectureId),
  );
  const action = courseAction(data, user, currentPath, coupon, completed);

  return (
    <article className="space-y-6">
      <GoBackButton />
      <header className="grid gap-6 rounded-xl border border-slate-200 bg-white p-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] dark:border-slate-700 dark:bg-slate-900">
        <div className="space-y-3">
          <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">
            {data.category} · {data.level}
          </p>
          <h1 className="text-3xl font-bold tracking-tight">{data.title}</h1>
          <p className="text-lg text-slate-700 dark:text-slate-300">
            {data.shortDescription || COURSE_MESSAGES.noDescription}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {CATALOG_TEXT.instructorBy(data.instructorName || data.instructor.name)} ·{' '}
            {CATALOG_TEXT.students(data.studentsCount)} · {CATALOG_TEXT.rating(data.rating, data.ratingCount)}
          </p>
          {typeof data.progress === 'number' ? (
            <CourseProgress
              percent={Math.round(data.progress)}
              label={CATALOG_TEXT.progressLabel(data.title)}
            />
          ) : null}
          <div className="flex flex-wrap items-center gap-4 pt-2">
            {/* An owned course is paid for: its progress shows above instead of the price (0050). */}
            {data.canAccessAll ? null : (
              <p className="text-2xl font-bold">
                <span className="sr-only">{CATALOG_TEXT.price}: </span>
                {formatCoursePrice(data.price)}
              </p>
            )}
            <ActionButton action={action} />
          </div>
          {coupon && action.kind !== 'continue' ? (
            <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
              {CATALOG_TEXT.couponAtCheckout(coupon)}
            </p>
          ) : null}
        </div>
        <div>
          {preview && previewUrl ? (
            <figure className="space-y-2">
              {/* biome-ignore lint/a11y/useMediaCaption: instructors upload the clips; no caption tracks exist yet. */}
              <video
                controls
                preload="metadata"
                src={previewUrl}
                aria-label={CATALOG_TEXT.previewVideoLabel(preview.title)}
                poster={data.thumbnail?.secure_url || undefined}
                className="aspect-video w-full rounded-lg bg-black"
              />
              <figcaption className="text-sm text-slate-600 dark:text-slate-400">
                {CATALOG_TEXT.preview}: {preview.title}
              </figcaption>
            </figure>
          ) : data.thumbnail?.secure_url ? (
            <img
              src={data.thumbnail.secure_url}
              alt=""
              className="aspect-video w-full rounded-lg object-cover"
            />
          ) : (
            <div className="flex aspect-video items-center justify-center rounded-lg bg-slate-100 text-sm font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              {COURSE_MESSAGES.noImage}
            </div>
          )}
        </div>
      </header>

      {tags.length > 0 ? (
        <section aria-labelledby="course-tags-title">
          <h2 id="course-tags-title" className="sr-only">
            {CATALOG_TEXT.tags}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
              >
                {tag}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ListSection title={CATALOG_TEXT.whatYouWillLearn} items={data.whatYouWillLearn} />
      <ListSection title={CATALOG_TEXT.requirements} items={data.requirements} />

      {data.description.trim() ? (
        <section className={panelClassName}>
          <h2 className="mb-3 text-xl font-semibold">{CATALOG_TEXT.description}</h2>
          <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{data.description}</p>
        </section>
      ) : null}

      <CourseContent
        lectures={lectures}
        duration={data.duration}
        sections={curriculum.data?.sections}
        showRules={!data.canAccessAll}
      />

      {/* Announcements: for those who may open the course (the server refuses anyone else). */}
      {user && data.canAccessAll ? (
        <CourseAnnouncements courseId={data._id} manage={canManageCourse(user, data)}>
          {canManageCourse(user, data) ? null : <CourseMailSwitch courseId={data._id} />}
        </CourseAnnouncements>
      ) : null}

      {/* The course's Q&A, where a general question is asked: for those who may open it (as above). */}
      {user && data.canAccessAll ? (
        <QuestionsPanel
          base={sectionBase(user.role)}
          courseId={data._id}
          lecture={null}
          video={null}
          questionId={questionId}
        />
      ) : null}

      <CourseReviews courseId={data._id} />
    </article>
  );
}
