/**
 * Form state for the auth forms: values, which fields were touched, and the field errors computed by the
 * contract schema through `fieldErrors()`. An error shows once its field was left or the form submitted;
 * `hasErrors` covers every field, shown or not, so submit stays blocked while any rule fails.
 */
import { fieldErrors } from '@lectio/contracts/auth';
import { useMemo, useState } from 'react';

type Schema = Parameters<typeof fieldErrors>[0];

export function useValidatedForm<Values extends Record<string, string | boolean>>(
  schema: Schema,
  initialValues: Values,
) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => fieldErrors(schema, values), [schema, values]);

  return {
    values,
    errors,
    hasErrors: Object.keys(errors).length > 0,
    setValue<Key extends keyof Values>(field: Key, value: Values[Key]) {
      setValues((current) => ({ ...current, [field]: value }));
    },
    touch(field: keyof Values) {
      setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
    },
    /** The error to show for a field, if any. */
    visibleError(field: keyof Values & string): string | undefined {
      return touched[field] || submitted ? errors[field] : undefined;
    },
    markSubmitted() {
      setSubmitted(true);
    },
  };
}
