/** The course's title and short description, the first two required fields of the create and edit forms. */

import { FormField } from '~/components/ui/form/FormField';
import { fieldClassName } from '~/components/ui/ui-classes';
import { COURSE_ADMIN_TEXT } from './course-admin-text';

type HeadlineKey = 'title' | 'shortDescription';

interface CourseHeadlineFieldsProps {
  values: Record<HeadlineKey, string>;
  errors: Partial<Record<string, string>>;
  onChange: (key: HeadlineKey, value: string) => void;
}

export function CourseHeadlineFields({ values, errors, onChange }: CourseHeadlineFieldsProps) {
  return (
    <>
      <FormField id="course-title" label={COURSE_ADMIN_TEXT.title} required error={errors.title}>
        {(control) => (
          <input
            {...control}
            type="text"
            value={values.title}
            onChange={(event) => onChange('title', event.target.value)}
            className={fieldClassName}
          />
        )}
      </FormField>
      <FormField
        id="course-short-description"
        label={COURSE_ADMIN_TEXT.shortDescription}
        required
        error={errors.shortDescription}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={values.shortDescription}
            onChange={(event) => onChange('shortDescription', event.target.value)}
            className={fieldClassName}
          />
        )}
      </FormField>
    </>
  );
}
