/**
 * An editable list of text rows (the course's requirements and learning points): add, move up, move
 * down, remove, never fewer than one row. Rows keep stable keys, so a moved row's DOM node moves too and
 * keyboard focus stays on the button that moved it. `StringListField` is the editor as a form field.
 */
import { useRef, useState } from 'react';
import { inputClassName } from '~/components/TextField';
import { useFieldBinding } from '~/components/ui/form/form-kit';
import { errorTextClassName } from '~/components/ui/ui-classes';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { MoveButton } from './MoveButton';
import { addRow, moveRow, removeRow, updateRow, withAtLeastOneRow } from './string-list';

const iconButtonClassName =
  'inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-400 text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800';

function reorder<T>(values: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (target < 0 || target >= values.length) return [...values];
  const next = [...values];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

export function StringListEditor({
  id,
  legend,
  itemLabel,
  items,
  onChange,
  onBlur,
  disabled = false,
  error,
}: {
  id: string;
  legend: string;
  /** Names one row for screen readers: "{itemLabel} 2". */
  itemLabel: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  /** Focus left a row or a button of the list. */
  onBlur?: () => void;
  disabled?: boolean;
  /** The list's validation message (too many rows, a row too long). */
  error?: string | undefined;
}) {
  const rows = withAtLeastOneRow(items);
  const nextKey = useRef(0);
  const newKey = () => `${id}-row-${nextKey.current++}`;
  const [keys, setKeys] = useState<string[]>(() => rows.map(newKey));
  // A list replaced from outside (the course finished loading) gets fresh keys.
  const rowKeys =
    keys.length === rows.length ? keys : rows.map((_, index) => keys[index] ?? `${id}-new-${index}`);

  function change(nextItems: string[], nextKeys: string[]) {
    setKeys(nextKeys);
    onChange(nextItems);
  }

  return (
    <fieldset
      className="space-y-2"
      disabled={disabled}
      aria-describedby={error ? `${id}-error` : undefined}
      onBlur={onBlur}
    >
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <ol className="space-y-2">
        {rows.map((value, index) => {
          const label = `${itemLabel} ${index + 1}`;
          const key = rowKeys[index] as string;
          return (
            <li key={key} className="flex items-center gap-2">
              <label htmlFor={`${key}-input`} className="sr-only">
                {label}
              </label>
              <input
                id={`${key}-input`}
                type="text"
                value={value}
                onChange={(event) => onChange(updateRow(rows, index, event.target.value))}
                className={`${inputClassName} border-slate-500`}
              />
              {([-1, 1] as const).map((direction) => (
                <MoveButton
                  key={direction}
                  direction={direction}
                  what={label}
                  onClick={() => change(moveRow(rows, index, direction), reorder(rowKeys, index, direction))}
                  disabled={rows[index + direction] === undefined}
                  className={iconButtonClassName}
                />
              ))}
              <button
                type="button"
                onClick={() =>
                  change(
                    removeRow(rows, index),
                    rowKeys.filter((_, position) => position !== index),
                  )
                }
                disabled={rows.length <= 1}
                title={rows.length <= 1 ? COURSE_ADMIN_TEXT.lastRowStays : undefined}
                className={iconButtonClassName}
              >
                <span aria-hidden="true">&times;</span>
                <span className="sr-only">{COURSE_ADMIN_TEXT.removeRow(label)}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => change(addRow(rows), [...rowKeys, newKey()])}
        className="rounded-md border border-dashed border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {COURSE_ADMIN_TEXT.addRow(itemLabel)}
      </button>
      {error ? (
        <p id={`${id}-error`} className={errorTextClassName}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The editor bound to the form field around it (`<form.AppField name="requirements">`). */
export function StringListField(props: { id: string; legend: string; itemLabel: string }) {
  const { value, onValueChange, onBlur, error } = useFieldBinding<string[]>();
  return <StringListEditor {...props} items={value} onChange={onValueChange} onBlur={onBlur} error={error} />;
}
