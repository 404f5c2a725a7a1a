/**
 * A choice among a few options as a radio group, bound to the form field around it:
 *
 *   <form.AppField name="kind">{() => <RadioGroupField legend="Discount type" options={KINDS} />}</form.AppField>
 *
 * A fieldset named by its legend, one native radio per option (arrow keys move the choice, Tab leaves the
 * group); the field's value is the chosen option's value.
 */
import { labelClassName } from '../ui-classes';
import { useFieldBinding, useFieldContext } from './form-kit';

export interface RadioOption<Value extends string> {
  value: Value;
  label: string;
}

export function RadioGroupField<Value extends string>({
  legend,
  options,
}: {
  legend: string;
  options: readonly RadioOption<Value>[];
}) {
  const { name } = useFieldContext<Value>();
  const { value, onValueChange, onBlur } = useFieldBinding<Value>();
  return (
    <fieldset className="space-y-2">
      <legend className={labelClassName}>{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
              onBlur={onBlur}
              className="h-4 w-4 accent-indigo-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
