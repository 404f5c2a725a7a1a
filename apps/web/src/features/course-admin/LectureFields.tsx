/**
 * The title, description and free-preview fields of the add-lecture and edit-lecture forms, as one field
 * group, and their video field. Each form validates them with its own call's contract schema (`newLessonSchema`,
 * `lessonEditSchema`): the title is required and trimmed, with the contract's message.
 */
import { ARTICLE_LIMITS, LESSON_KINDS } from '@lectio/contracts/curriculum';
import {
  createLectureRequestSchema,
  lessonBodyAgreesWithKind,
  updateLectureRequestSchema,
} from '@lectio/contracts/lecture';
import { type Ref, useDeferredValue } from 'react';
import { z } from 'zod';
import { FileField } from '~/components/ui/form/FileField';
import { withFieldGroup } from '~/components/ui/form/form-kit';
import { labelClassName } from '~/components/ui/ui-classes';
import { ArticleText } from '~/features/learning/ArticleText';
import { COURSE_ADMIN_TEXT } from './course-admin-text';

const FIELDS = { title: true, description: true, isPreview: true } as const;

/**
 * The add-lesson form's fields with the lesson's kind and an article's body, by `lectures.create`'s
 * rules: its field schemas and its own refinement (an article's body is required). The form keeps the
 * body written while the kind is switched to video, but sends none for a video, so it is checked only for
 * an article. Its section is '' for the course's last one.
 */
export const newLessonSchema = createLectureRequestSchema
  .pick({ ...FIELDS, kind: true, body: true })
  .required()
  .extend({ sectionId: z.string() })
  .superRefine((value, context) =>
    lessonBodyAgreesWithKind(value.kind === 'article' ? value : { kind: value.kind }, context),
  );

/** The edit-lecture form's fields, by `lectures.update`'s rules (it always sends all three). */
export const lectureEditSchema = updateLectureRequestSchema.pick(FIELDS).required();

/**
 * The edit-lecture form's values: those fields, the lesson's kind (not a field) and an article's body,
 * checked by `lectures.update`'s body rule for an article only (a video's form sends no body).
 */
export const lessonEditSchema = lectureEditSchema
  .extend({ kind: z.enum(LESSON_KINDS), body: z.string() })
  .superRefine((value, context) => {
    if (value.kind !== 'article') return;
    const checked = updateLectureRequestSchema.shape.body.safeParse(value.body);
    for (const issue of checked.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: ['body'], message: issue.message });
    }
  });

/** The kinds the add-lesson form writes; a quiz has its own form (AddQuizForm), which opens its builder. */
export const LESSON_KIND_OPTIONS = LESSON_KINDS.filter((kind) => kind !== 'quiz').map((kind) => ({
  value: kind,
  label: COURSE_ADMIN_TEXT.lessonKinds[kind],
}));

export const LECTURE_DEFAULTS = { title: '', description: '', isPreview: false };

export const LECTURE_FIELDS = { title: 'title', description: 'description', isPreview: 'isPreview' } as const;

export const LectureFields = withFieldGroup({
  defaultValues: LECTURE_DEFAULTS,
  props: { descriptionRows: 3 },
  render: ({ group, descriptionRows }) => (
    <>
      <group.AppField name="title">
        {(field) => <field.TextField id="lecture-title" label={COURSE_ADMIN_TEXT.lectureTitle} required />}
      </group.AppField>
      <group.AppField name="description">
        {(field) => (
          <field.TextAreaField
            id="lecture-description"
            label={COURSE_ADMIN_TEXT.lectureDescription}
            rows={descriptionRows}
          />
        )}
      </group.AppField>
      <group.AppField name="isPreview">
        {(field) => (
          <field.Checkbox
            label={<span className="text-sm font-medium">{COURSE_ADMIN_TEXT.lectureIsPreview}</span>}
          />
        )}
      </group.AppField>
    </>
  ),
});

/** A live preview of the article as learners will read it (the player's renderer). */
function ArticlePreview({ markdown }: { markdown: string }) {
  const shown = useDeferredValue(markdown);
  return (
    <section aria-labelledby="lecture-body-preview" className="min-w-0 space-y-1">
      <h3 id="lecture-body-preview" className={labelClassName}>
        {COURSE_ADMIN_TEXT.articlePreview}
      </h3>
      <div className="max-h-[32rem] min-h-40 overflow-y-auto rounded-md border border-slate-300 bg-white p-4 dark:border-slate-600 dark:bg-slate-950">
        {shown.trim() ? (
          <ArticleText markdown={shown} />
        ) : (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            {COURSE_ADMIN_TEXT.articleNoPreview}
          </p>
        )}
      </div>
    </section>
  );
}

/** An article's Markdown, with its live preview beside it (below it on a narrow screen). */
export const ArticleBodyField = withFieldGroup({
  defaultValues: { body: '' },
  render: ({ group }) => (
    <group.AppField name="body">
      {(field) => (
        <div className="grid gap-4 lg:grid-cols-2">
          <field.TextAreaField
            id="lecture-body"
            label={COURSE_ADMIN_TEXT.articleBody}
            hint={COURSE_ADMIN_TEXT.articleBodyHint(field.state.value.length, ARTICLE_LIMITS.bodyCharacters)}
            rows={16}
            maxLength={ARTICLE_LIMITS.bodyCharacters}
            monospace
            required
          />
          <ArticlePreview markdown={field.state.value} />
        </div>
      )}
    </group.AppField>
  ),
});

/** The lecture's video (a new lecture's, or one replacing the current video): video files only. */
export function LectureVideoField({
  label,
  onFile,
  ref,
}: {
  label: string;
  onFile: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <FileField
      ref={ref}
      id="lecture-video"
      label={label}
      hint={COURSE_ADMIN_TEXT.lectureVideoHint}
      takes="video"
      refusal={COURSE_ADMIN_TEXT.videoOnly}
      onFile={onFile}
    />
  );
}

/** What a lecture form's submit button says: the video's upload progress, 'Saving...', or `idle`. */
export function lectureSubmitText(idle: string, saving: boolean, uploaded: number | null): string {
  if (uploaded !== null) return COURSE_ADMIN_TEXT.uploadingLecture(uploaded);
  return saving ? COURSE_ADMIN_TEXT.savingLecture : idle;
}
