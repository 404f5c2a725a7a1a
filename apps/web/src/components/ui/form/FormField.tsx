/**
 * A labelled form control with an optional required mark, hint and error. The control is passed as a
 * render function so inputs, selects and textareas get the same id, aria-describedby and aria-invalid.
 * `FieldLabel` and `describedByIds` are the label and the description list every labelled field shares
 * (this frame's controls and `components/TextField`).
 */
import type { ReactNode } from 'react';
import { errorTextClassName, labelClassName } from '~/components/ui/ui-classes';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/** The control's label; aria-required on the control tells assistive technology, the star is for the eye. */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className={labelClassName}>
      {label}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
          *
        </span>
      ) : null}
    </label>
  );
}

/** What the control's aria-describedby lists: its hint (`{id}-hint`) and its error while one shows. */
export function describedByIds(id: string, hint: string | undefined, error: string | undefined) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const describedBy = describedByIds(id, hint, error);
  const control: ControlProps = { id };
  if (describedBy) control['aria-describedby'] = describedBy;
  if (error) control['aria-invalid'] = true;
  if (required) control['aria-required'] = true;
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children(control)}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorTextClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
