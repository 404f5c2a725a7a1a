/**
 * A labelled input with its error underneath. The error is tied to the input with aria-describedby and
 * flagged with aria-invalid, so screen readers announce it with the field.
 */
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { describedByIds, FieldLabel } from './ui/form/FormField';
import { errorTextClassName } from './ui/ui-classes';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The message to show; undefined while the field is valid or not yet touched. */
  error?: string | undefined;
  /** A line of help under the input, announced with it. */
  hint?: string;
  /** Rendered inside the input's right edge (for example a show/hide password button). */
  trailing?: ReactNode;
  /** Announce the error as an alert when it appears (a check that fires while typing). */
  announceError?: boolean;
  /** Digits in a fixed-width face (card numbers, codes). */
  monospace?: boolean;
}

/** Callers add the border colour: slate-500 (3:1 against white and slate-900, WCAG 1.4.11) or red on error. */
export const inputClassName =
  'block w-full rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

export function TextField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  trailing,
  required = false,
  announceError = false,
  monospace = false,
  ...inputProps
}: TextFieldProps) {
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="relative">
        <input
          {...inputProps}
          id={id}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
          aria-required={required ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds(id, hint, error)}
          className={`${inputClassName} ${monospace ? 'font-mono tracking-wide' : ''} ${trailing ? 'pr-20' : ''} ${
            error ? 'border-red-600 dark:border-red-400' : 'border-slate-500'
          }`}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role={announceError ? 'alert' : undefined} className={errorTextClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
