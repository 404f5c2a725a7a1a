/**
 * The title, description and free-preview fields of the add-lecture and edit-lecture forms, as one field
 * group, and their video field. Each form validates them with its own call's contract schema (`newLectureSchema`,
 * `lectureEditSchema`): the title is required and trimmed, with the contract's message.
 */
import { createLectureRequestSchema, updateLectureRequestSchema } from '@lectio/contracts/lecture';
import type { Ref } from 'react';
import { FileField } from '~/components/ui/form/FileField';
import { withFieldGroup } from '~/components/ui/form/form-kit';
import { COURSE_ADMIN_TEXT } from './course-admin-text';

const FIELDS = { title: true, description: true, isPreview: true } as const;

/** The add-lecture form's fields, by `lectures.create`'s rules. */
export const newLectureSchema = createLectureRequestSchema.pick(FIELDS).required();

/** The edit-lecture form's fields, by `lectures.update`'s rules (it always sends all three). */
export const lectureEditSchema = updateLectureRequestSchema.pick(FIELDS).required();

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
