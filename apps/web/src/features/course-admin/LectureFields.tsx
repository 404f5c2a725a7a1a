/** The title, description and free-preview fields shared by the add-lecture and edit-lecture forms. */

import { FormField } from '~/components/ui/form/FormField';
import { fieldClassName } from '~/components/ui/ui-classes';
import { COURSE_ADMIN_TEXT } from './course-admin-text';

interface LectureFieldsProps {
  title: string;
  onTitleChange: (title: string) => void;
  titleError: string | null;
  description: string;
  onDescriptionChange: (description: string) => void;
  descriptionRows: number;
  isPreview: boolean;
  onIsPreviewChange: (isPreview: boolean) => void;
}

export function LectureFields(props: LectureFieldsProps) {
  return (
    <>
      <FormField
        id="lecture-title"
        label={COURSE_ADMIN_TEXT.lectureTitle}
        required
        error={props.titleError ?? undefined}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={props.title}
            onChange={(event) => props.onTitleChange(event.target.value)}
            className={fieldClassName}
          />
        )}
      </FormField>
      <FormField id="lecture-description" label={COURSE_ADMIN_TEXT.lectureDescription}>
        {(control) => (
          <textarea
            {...control}
            rows={props.descriptionRows}
            value={props.description}
            onChange={(event) => props.onDescriptionChange(event.target.value)}
            className={fieldClassName}
          />
        )}
      </FormField>
      <label className="inline-flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={props.isPreview}
          onChange={(event) => props.onIsPreviewChange(event.target.checked)}
          className="h-4 w-4 accent-indigo-600"
        />
        {COURSE_ADMIN_TEXT.lectureIsPreview}
      </label>
    </>
  );
}
