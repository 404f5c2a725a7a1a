/**
 * A short form inside a card or a list item (a refund request, a decision's reason or note, an application
 * sent again): its fields, the submit button with Cancel beside it, and the form's message line under them. It is `FormShell`'s
 * frame with a Cancel, built from the form's own `Form` and `SubmitButton` (form-kit.tsx), so submitting
 * behaves as in every kit form. The submit button stays enabled while a rule fails unless told otherwise:
 * a click shows what is missing, beside the field.
 */
import type { ComponentType, ReactNode } from 'react';
import { actionClassName } from '../ui-classes';
import { FormMessage } from './FormMessage';

/** What this frame uses of a form from `useAppForm`. */
interface KitForm {
  AppForm: ComponentType<{ children?: ReactNode }>;
  Form: ComponentType<{ className?: string; label?: string; children: ReactNode }>;
  SubmitButton: ComponentType<{ children: ReactNode; className?: string; allowWhileInvalid?: boolean }>;
}

export function InlineForm({
  form,
  label,
  className = 'space-y-3',
  submit,
  submitClassName = actionClassName('primary', 'small'),
  allowWhileInvalid = true,
  cancel,
  onCancel,
  cancelClassName = actionClassName('secondary', 'small'),
  message,
  children,
}: {
  form: KitForm;
  /** The form's accessible name, when the card around it does not say what it is for. */
  label?: string;
  className?: string;
  submit: ReactNode;
  submitClassName?: string;
  allowWhileInvalid?: boolean;
  cancel: string;
  /** Without it there is no Cancel (the form is the screen's only content). */
  onCancel?: (() => void) | undefined;
  cancelClassName?: string;
  /** The form's message line (from `applyServerErrors`). */
  message: string | null;
  children: ReactNode;
}) {
  return (
    <form.AppForm>
      <form.Form className={className} label={label}>
        {children}
        <div className="flex flex-wrap gap-2">
          <form.SubmitButton className={submitClassName} allowWhileInvalid={allowWhileInvalid}>
            {submit}
          </form.SubmitButton>
          {onCancel ? (
            <button type="button" onClick={onCancel} className={cancelClassName}>
              {cancel}
            </button>
          ) : null}
        </div>
        <FormMessage message={message} />
      </form.Form>
    </form.AppForm>
  );
}
