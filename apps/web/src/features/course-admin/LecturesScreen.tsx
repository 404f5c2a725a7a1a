/**
 * Lectures of a course ({base}/create-lecture/{courseId}, spec sections 2, 4, 5 and 8): add a lesson
 * (title required; a video, video files only with upload progress on the button, or an article with its
 * Markdown and a live preview, decision 0080; into a chosen section) and the
 * curriculum editor (CurriculumEditor: sections, their lessons, reordering, Edit and Delete). Only an
 * admin or the course's instructor gets past the permission check.
 */
import type { CurriculumResponse } from '@lectio/contracts/curriculum';
import type { Lecture } from '@lectio/contracts/lecture';
import { COURSE_MESSAGES, LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { RadioGroupField } from '~/components/ui/form/RadioGroupField';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import {
  actionClassName,
  errorTextClassName,
  panelClassName,
  primaryActionClassName,
} from '~/components/ui/ui-classes';
import { courseQuery, curriculumQuery } from '~/features/catalog/course-queries';
import { failureDetails, serverMessageOr } from '~/features/catalog/error-text';
import { GoBackButton } from '~/features/catalog/GoBackButton';
import { errorMessage } from '~/lib/api-errors';
import { updateCourseLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { AddQuizForm } from './AddQuizForm';
import { CurriculumEditor } from './CurriculumEditor';
import { invalidateLectures } from './course-admin-queries';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { canManageCourse } from './edit-permissions';
import { GradebookLink } from './GradebookLink';
import {
  ArticleBodyField,
  LECTURE_DEFAULTS,
  LECTURE_FIELDS,
  LESSON_KIND_OPTIONS,
  LectureFields,
  LectureVideoField,
  lectureSubmitText,
  newLessonSchema,
} from './LectureFields';
import { attachLectureVideo } from './lecture-video';
import { useManagingBase } from './navigation-state';
import { UploadProgress } from './UploadProgress';

/** The add-lecture form's values: the lesson's fields, its kind, an article's body, and its section. */
const addLectureSchema = newLessonSchema;

/** A new lesson in the cached outline, at the end of its section (the course's last when none is named). */
function withLesson(curriculum: CurriculumResponse, lecture: Lecture, sectionId: string): CurriculumResponse {
  const sections = curriculum.data.sections;
  const target = sectionId || sections.at(-1)?._id;
  const lesson = {
    _id: lecture._id,
    title: lecture.title,
    kind: lecture.kind,
    order: lecture.order,
    isPreview: lecture.isPreview,
    duration: lecture.duration,
    formattedDuration: lecture.formattedDuration,
    readingMinutes: lecture.readingMinutes,
  };
  return {
    ...curriculum,
    data: {
      ...curriculum.data,
      lessonCount: curriculum.data.lessonCount + 1,
      sections: sections.map((section) =>
        section._id === target
          ? { ...section, lessonCount: section.lessonCount + 1, lessons: [...section.lessons, lesson] }
          : section,
      ),
    },
  };
}

function AddLectureForm({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const sections = useQuery(curriculumQuery(courseId)).data?.sections ?? [];
  const create = useMutation(trpc.lectures.create.mutationOptions());
  const videoInput = useRef<HTMLInputElement>(null);
  const [video, setVideo] = useState<File | null>(null);
  /** The video's upload progress while it uploads. */
  const [uploaded, setUploaded] = useState<number | null>(null);

  const form = useAppForm({
    ...schemaForm(addLectureSchema, { ...LECTURE_DEFAULTS, kind: 'video', body: '', sectionId: '' }),
    onSubmit: async ({ value, formApi }) => {
      const { title, description, isPreview, sectionId, kind, body } = addLectureSchema.parse(value);
      let created: Lecture;
      let message: string | undefined;
      try {
        const response = await create.mutateAsync({
          title,
          courseId,
          isPreview,
          // A video is the default kind: its call stays the spec's.
          ...(kind === 'article' ? { kind, body } : {}),
          ...(description.trim() ? { description } : {}),
          ...(sectionId ? { sectionId } : {}),
        });
        created = response.data.lecture;
        message = response.message;
        // The new lesson joins the cached lists at once (spec section 7), before any refetch: the
        // `/videos` list holds the video lessons only; the outline holds both kinds.
        if (created.kind === 'video') {
          queryClient.setQueryData(trpc.lectures.list.queryKey({ id: courseId }), (current) =>
            current ? { ...current, videos: [...current.videos, created] } : current,
          );
        }
        queryClient.setQueryData(trpc.curriculum.get.queryKey({ courseId }), (current) =>
          current ? withLesson(current, created, sectionId) : current,
        );
      } catch (error) {
        if (applyServerErrors(formApi, error) !== null) {
          toast.error(serverMessageOr(error, LECTURE_MESSAGES.createFailed));
        }
        return;
      }

      // The lecture exists from here on: the form empties whether or not its video uploads.
      try {
        if (video && created.kind === 'video') {
          setUploaded(0);
          await attachLectureVideo(created, video, setUploaded);
        }
        toast.success(message || LECTURE_MESSAGES.created);
      } catch (error) {
        const { status, message: failure } = failureDetails(error, COURSE_MESSAGES.updateFailedUnknown);
        toast.error(COURSE_ADMIN_TEXT.uploadFailed(status, failure));
      }
      setUploaded(null);
      setVideo(null);
      if (videoInput.current) videoInput.current.value = '';
      formApi.reset();
      await invalidateLectures(queryClient);
    },
  });
  const saving = useStore(form.store, (state) => state.isSubmitting);

  return (
    <form.AppForm>
      <form.Form className={`${panelClassName} space-y-4`}>
        <h2 className="text-lg font-semibold">{COURSE_ADMIN_TEXT.addLecture}</h2>
        <fieldset disabled={saving} className="space-y-4">
          <form.AppField name="kind">
            {() => <RadioGroupField legend={COURSE_ADMIN_TEXT.lessonKind} options={LESSON_KIND_OPTIONS} />}
          </form.AppField>
          <LectureFields form={form} fields={LECTURE_FIELDS} descriptionRows={3} />
          {sections.length > 1 ? (
            <form.AppField name="sectionId">
              {(field) => (
                <field.SelectField id="lecture-section" label={COURSE_ADMIN_TEXT.lectureSection}>
                  {sections.map((section, index) => (
                    <option key={section._id} value={index === sections.length - 1 ? '' : section._id}>
                      {section.title}
                    </option>
                  ))}
                </field.SelectField>
              )}
            </form.AppField>
          ) : null}
          <form.Subscribe selector={(state) => state.values.kind}>
            {(kind) =>
              kind === 'article' ? (
                <ArticleBodyField form={form} fields={{ body: 'body' }} />
              ) : (
                <LectureVideoField
                  ref={videoInput}
                  label={COURSE_ADMIN_TEXT.lectureVideo}
                  onFile={setVideo}
                />
              )
            }
          </form.Subscribe>
        </fieldset>
        <div className="space-y-2">
          <form.SubmitButton className={primaryActionClassName} allowWhileInvalid>
            {lectureSubmitText(COURSE_ADMIN_TEXT.addLecture, saving, uploaded)}
          </form.SubmitButton>
          {uploaded !== null ? (
            <UploadProgress percent={uploaded} label={COURSE_ADMIN_TEXT.lectureUploadProgress} />
          ) : null}
        </div>
      </form.Form>
    </form.AppForm>
  );
}

export function LecturesScreen({ courseId }: { courseId: string }) {
  const { user } = useSession();
  const base = useManagingBase();
  const course = useQuery({ ...courseQuery(courseId), enabled: Boolean(courseId) });

  let body: ReactNode;
  if (!courseId) {
    body = (
      <p role="alert" className={errorTextClassName}>
        {COURSE_MESSAGES.missingCourseId}
      </p>
    );
  } else if (course.isPending) {
    body = <p role="status">{COURSE_ADMIN_TEXT.loadingCourse}</p>;
  } else if (course.isError) {
    body = (
      <div role="alert" className="space-y-1">
        <p className="font-semibold text-red-700 dark:text-red-400">{COURSE_MESSAGES.loadFailed}</p>
        <p className="text-sm">{errorMessage(course.error)}</p>
      </div>
    );
  } else if (!canManageCourse(user, course.data)) {
    body = (
      <p role="alert" className="font-medium text-amber-900 dark:text-amber-200">
        {COURSE_MESSAGES.noLecturePermission}
      </p>
    );
  } else {
    body = (
      <>
        <AddLectureForm courseId={courseId} />
        <AddQuizForm courseId={courseId} />
        <CurriculumEditor courseId={courseId} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <GoBackButton />
        {course.data && canManageCourse(user, course.data) ? (
          <Link
            {...updateCourseLink(base, courseId)}
            state={(previous) => ({ ...previous, courseName: course.data.title })}
            className={actionClassName('secondary', 'small')}
          >
            {COURSE_ADMIN_TEXT.backToCourse}
          </Link>
        ) : null}
        {course.data && canManageCourse(user, course.data) ? <GradebookLink courseId={courseId} /> : null}
      </div>
      <div>
        <h1 className="text-2xl font-semibold">{COURSE_ADMIN_TEXT.lecturesTitle}</h1>
        {course.data ? (
          <p className="text-slate-700 dark:text-slate-300">
            {COURSE_ADMIN_TEXT.lecturesFor(course.data.title)}
          </p>
        ) : null}
      </div>
      {body}
    </div>
  );
}
