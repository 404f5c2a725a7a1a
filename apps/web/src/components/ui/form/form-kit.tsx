/**
 * The app's one form idiom (decision 0056): TanStack Form's `createFormHook`, with the contract's zod
 * schema as the form's validator through `schemaForm` (zod 4 schemas are Standard Schema). A field is one line plus its label:
 *
 *   <form.AppField name="email">{(field) => <field.TextField id="signin-email" label="Email" />}</form.AppField>
 *
 * Fields several forms ask for alike are field groups (`withFieldGroup`) and then one line each (decision
 * 0061). `FormShell` is the frame most forms share: the form, its fields, the submit button and the
 * message line under it.
 *
 * Each field component renders the app's labelled input (label, input, hint, error tied with
 * aria-describedby and aria-invalid). An error shows once its field was left or the form submitted, and
 * the submit button stays disabled while any rule fails, shown or not (the schema runs on mount and on
 * every change). Server field errors reach fields only through `server-errors.ts`.
 */
import { type AnyFormApi, createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import {
  type ChangeEvent,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
  useRef,
} from 'react';
import { primaryButtonClassName } from '~/components/Button';
import { PasswordField as PasswordInput } from '~/components/PasswordField';
import { TextField as TextInput } from '~/components/TextField';
import { fieldClassName } from '../ui-classes';
import { FormField } from './FormField';
import { FormMessage } from './FormMessage';
import { clearServerError } from './server-errors';

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** What a Standard Schema (a contract's zod schema) accepts as input: the form's values. */
export type SchemaInput<Schema extends StandardSchema> = NonNullable<Schema['~standard']['types']>['input'];
interface StandardSchema {
  readonly '~standard': { readonly types?: { readonly input: unknown } | undefined };
}

/**
 * A form's options from its schema: the starting values, typed as the schema's input, and the schema as
 * validator on mount and on each change (so the submit button knows before anything is shown).
 */
export function schemaForm<Schema extends StandardSchema>(
  schema: Schema,
  defaultValues: SchemaInput<Schema>,
) {
  return { defaultValues, validators: { onMount: schema, onChange: schema } } as const;
}

/**
 * An error a validator wants shown at once, before the field is left (a card number that fails its
 * check); other errors wait until the field was left or the form submitted.
 */
export interface ImmediateError {
  message: string;
  showNow: true;
}

/** The first message of a field's errors (schema issues or a server message), once it may show. */
function useVisibleError(): string | undefined {
  const field = useFieldContext<unknown>();
  const { errors, isBlurred } = field.state.meta;
  const first: unknown = errors[0];
  if (first === undefined) return undefined;
  const showNow = typeof first === 'object' && first !== null && 'showNow' in first && first.showNow === true;
  if (!isBlurred && !showNow) return undefined;
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'message' in first) return String(first.message);
  return undefined;
}

/**
 * The field around a field component: its value, a change that also clears its server error, its blur,
 * and the error it may show. The kit's fields use it, and so does a form's own field component inside
 * `<form.AppField>` (the review's stars, a radio group, a paged select).
 */
export function useFieldBinding<Value>() {
  const field = useFieldContext<Value>();
  return {
    value: field.state.value,
    onValueChange: (value: Value) => {
      clearServerError(field);
      field.handleChange(value);
    },
    onBlur: field.handleBlur,
    error: useVisibleError(),
  };
}

/** `format` rewrites what was typed before it is stored (a card number in groups of four). */
function useTextBinding(format?: (text: string) => string) {
  const binding = useFieldBinding<string>();
  return format
    ? { ...binding, onValueChange: (value: string) => binding.onValueChange(format(value)) }
    : binding;
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'onBlur' | 'className' | 'type'
> & {
  id: string;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'number' | 'datetime-local';
  required?: boolean;
  format?: (text: string) => string;
  announceError?: boolean;
  monospace?: boolean;
};

function TextField({ format, ...props }: InputProps) {
  return <TextInput {...props} {...useTextBinding(format)} />;
}

function PasswordField(props: Omit<InputProps, 'type' | 'format'>) {
  return <PasswordInput {...props} {...useTextBinding()} />;
}

/** The field's classes, its border red while it shows an error (one border colour, never two). */
function controlClassName(error: string | undefined, extra = ''): string {
  const base = error
    ? fieldClassName.replace('border-slate-500', 'border-red-600 dark:border-red-400')
    : fieldClassName;
  return extra ? `${base} ${extra}` : base;
}

/** A textarea or select in the labelled frame (label with its required mark, hint, error). */
interface ControlFieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  /** Marks the field required (star and aria-required); the schema is what enforces it. */
  required?: boolean;
}

/** A textarea's or a select's value, change, blur and classes, and the error its frame shows. */
function useControlBinding(extraClassName = '') {
  const { value, onValueChange, onBlur, error } = useTextBinding();
  return {
    error,
    binding: {
      value,
      onChange: (event: ChangeEvent<HTMLTextAreaElement | HTMLSelectElement>) =>
        onValueChange(event.target.value),
      onBlur,
      className: controlClassName(error, extraClassName),
    },
  };
}

function TextAreaField({
  rows = 5,
  maxLength,
  monospace = false,
  ...frame
}: ControlFieldProps & { rows?: number; maxLength?: number; monospace?: boolean }) {
  const { error, binding } = useControlBinding(monospace ? 'font-mono text-sm' : '');
  return (
    <FormField {...frame} error={error}>
      {(control) => <textarea {...control} {...binding} rows={rows} maxLength={maxLength} />}
    </FormField>
  );
}

/** A select whose options are the children; the value is the chosen option's `value` text. */
function SelectField({ children, ...frame }: ControlFieldProps & { children: ReactNode }) {
  const { error, binding } = useControlBinding();
  return (
    <FormField {...frame} error={error}>
      {(control) => (
        <select {...control} {...binding}>
          {children}
        </select>
      )}
    </FormField>
  );
}

function Checkbox({ label }: { label: ReactNode }) {
  const field = useFieldContext<boolean>();
  return (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        name={field.name}
        checked={field.state.value}
        onChange={(event) => field.handleChange(event.target.checked)}
        onBlur={field.handleBlur}
        className="h-4 w-4 rounded border-slate-400 accent-indigo-600"
      />
      {label}
    </label>
  );
}

/**
 * Disabled while the form is being sent and, unless `allowWhileInvalid` (forms that show their errors on
 * a click), while any rule fails.
 */
function SubmitButton({
  children,
  className = primaryButtonClassName,
  allowWhileInvalid = false,
}: {
  children: ReactNode;
  className?: string;
  allowWhileInvalid?: boolean;
}) {
  const form = useFormContext();
  const blocked = useStore(
    form.store,
    (state) => state.isSubmitting || (!allowWhileInvalid && !state.canSubmit),
  );
  return (
    <button type="submit" disabled={blocked} className={className}>
      {children}
    </button>
  );
}

/**
 * The `<form>` element: no browser validation (the schema's messages show instead), busy while sending.
 * Submitting counts as leaving every field (touched and blurred), so a field never visited shows its
 * error too, then runs the schema and TanStack Form's submit (which calls `onSubmit` only when valid);
 * a refused submit moves focus to the first field in error.
 */
function Form({ className, label, children }: { className?: string; label?: string; children: ReactNode }) {
  const form: AnyFormApi = useFormContext();
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const element = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={element}
      aria-label={label}
      noValidate
      className={className}
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        for (const name of Object.keys(form.fieldInfo)) {
          form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, isBlurred: true }));
        }
        void Promise.resolve(form.validate('change'))
          .then(() => form.handleSubmit())
          .then(() => {
            if (form.state.isValid) return;
            // Once the errors have rendered, take the keyboard to the first field to fix.
            setTimeout(
              () => element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
              0,
            );
          });
      }}
    >
      {children}
    </form>
  );
}

/**
 * The frame most forms share, inside the form's context: the `<form>` (see `Form`), the fields (children),
 * the submit button (`submit` is its text; `submitClassName` and `allowWhileInvalid` as on
 * `SubmitButton`) and the message line under it (`message`, from `applyServerErrors`). A form whose
 * buttons or message stand elsewhere uses `form.Form` and `form.SubmitButton` directly.
 */
export function FormShell({
  form,
  className = 'space-y-4',
  label,
  submit,
  submitClassName,
  allowWhileInvalid = false,
  message,
  children,
}: {
  /** The form from `useAppForm`; its `AppForm` gives the fields and the button the form's context. */
  form: { AppForm: ComponentType<{ children?: ReactNode }> };
  className?: string;
  label?: string;
  submit: ReactNode;
  submitClassName?: string;
  allowWhileInvalid?: boolean;
  message: string | null;
  children: ReactNode;
}) {
  return (
    <form.AppForm>
      <Form className={className} label={label}>
        {children}
        <SubmitButton className={submitClassName} allowWhileInvalid={allowWhileInvalid}>
          {submit}
        </SubmitButton>
        <FormMessage message={message} />
      </Form>
    </form.AppForm>
  );
}

export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField, TextAreaField, SelectField, Checkbox },
  formComponents: { Form, SubmitButton },
});
