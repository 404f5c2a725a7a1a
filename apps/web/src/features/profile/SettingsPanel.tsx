/**
 * One section of the profile page: a panel headed by an h2 that names it (a landmark region).
 * `SettingsForm` is such a panel holding one form, as the password, sign-out and delete panels are.
 */
import type { ComponentProps, ReactNode } from 'react';
import { FormShell } from '~/components/ui/form/form-kit';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';

// The same panel with a red edge (one border colour per element: two would resolve by stylesheet order).
const dangerPanelClassName = panelClassName
  .replace('border-slate-200', 'border-red-300')
  .replace('dark:border-slate-700', 'dark:border-red-800');

interface SettingsPanelProps {
  id: string;
  title: string;
  intro?: string;
  tone?: 'normal' | 'danger';
}

export function SettingsPanel({
  id,
  title,
  intro,
  tone = 'normal',
  children,
}: SettingsPanelProps & { children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      // Below the sticky top bar when a link jumps here (#profile-password).
      className={`scroll-mt-20 ${tone === 'danger' ? dangerPanelClassName : panelClassName}`}
    >
      <h2
        id={headingId}
        className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800 dark:text-red-300' : ''}`}
      >
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A panel whose content is one form: its fields, the submit button in `button`'s tone and the message line.
 * The profile's forms show their errors when the button is pressed (`allowWhileInvalid`).
 */
export function SettingsForm({
  form,
  submit,
  button,
  message,
  children,
  ...panel
}: SettingsPanelProps &
  Pick<ComponentProps<typeof FormShell>, 'form' | 'submit' | 'message' | 'children'> & {
    button: 'primary' | 'secondary' | 'danger';
  }) {
  return (
    <SettingsPanel {...panel}>
      <FormShell
        form={form}
        className="max-w-md space-y-4"
        submit={submit}
        submitClassName={actionClassName(button)}
        allowWhileInvalid
        message={message}
      >
        {children}
      </FormShell>
    </SettingsPanel>
  );
}
