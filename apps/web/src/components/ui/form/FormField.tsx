/**
 * A labelled form control with an optional required mark, hint and error. The control is passed as a
 * render function so inputs, selects and textareas get the same id, aria-describedby and aria-invalid.
 */
import type { ReactNode } from 'react';
import { errorTextClassName, labelClassName } from '~/components/ui/ui-classes';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
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
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control: ControlProps = { id };
  if (describedBy) control['aria-describedby'] = describedBy;
  if (error) control['aria-invalid'] = true;
  if (required) control['aria-required'] = true;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
        {/* aria-required on the control tells assistive technology; the star is for the eye. */}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        ) : null}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={errorTextClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
