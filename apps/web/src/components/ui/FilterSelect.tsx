/**
 * A list's filter: a labelled select of what to show (a state, or all of them). The value is one of the
 * options' values, so a screen keeps its filter typed (`RefundState | ''`).
 */
import { useId } from 'react';
import { FieldLabel } from './form/FormField';
import { fieldClassName } from './ui-classes';

export interface FilterOption<Value extends string> {
  value: Value;
  label: string;
}

export function FilterSelect<Value extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: readonly FilterOption<Value>[];
}) {
  const id = useId();
  return (
    <div className="space-y-1 sm:max-w-xs">
      <FieldLabel htmlFor={id} label={label} required={false} />
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        className={fieldClassName}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
