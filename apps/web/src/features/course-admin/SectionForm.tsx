/**
 * A section's form in the curriculum editor: its title and, when editing, when it opens (drip release,
 * decision 0076: at once, some days after the learner's enrollment, or on a date). The rules and messages
 * are `curriculum.updateSection`'s: the form's values are turned into that call's input and checked by its
 * schema, so a field shows the contract's own message.
 */
import { type CurriculumSection, sectionChangeSchema } from '@lectio/contracts/curriculum';
import { useState } from 'react';
import { z } from 'zod';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { RadioGroupField } from '~/components/ui/form/RadioGroupField';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { COURSE_ADMIN_TEXT } from './course-admin-text';

const RELEASES = ['now', 'days', 'date'] as const;
type Release = (typeof RELEASES)[number];

const RELEASE_OPTIONS = [
  { value: 'now', label: COURSE_ADMIN_TEXT.opensAtOnce },
  { value: 'days', label: COURSE_ADMIN_TEXT.opensAfterDays },
  { value: 'date', label: COURSE_ADMIN_TEXT.opensOnDate },
] as const;

interface SectionValues {
  title: string;
  release: Release;
  days: string;
  /** A `datetime-local` value, in the browser's time zone. */
  date: string;
}

/** The instant a `datetime-local` value names, or the text itself when it names none (the schema refuses it). */
function instant(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** The `curriculum.updateSection` fields the values stand for (a chosen rule replaces the other). */
export function sectionChange(values: SectionValues) {
  return {
    title: values.title,
    opensAfterDays: values.release === 'days' ? Number(values.days.trim() || Number.NaN) : null,
    opensAt: values.release === 'date' ? instant(values.date) : null,
  };
}

const FIELD_OF: Record<string, keyof SectionValues> = {
  title: 'title',
  opensAfterDays: 'days',
  opensAt: 'date',
};

/** The form's values, checked by the call's own schema; its issues land on the fields that hold them. */
const sectionFormSchema = z
  .object({ title: z.string(), release: z.enum(RELEASES), days: z.string(), date: z.string() })
  .superRefine((values, context) => {
    const checked = sectionChangeSchema.safeParse(sectionChange(values));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'title';
      context.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
  });

/** `datetime-local`'s value for an instant, in the browser's time zone. */
function localValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

function valuesOf(
  section: Pick<CurriculumSection, 'title' | 'opensAfterDays' | 'opensAt'> | null,
): SectionValues {
  if (!section) return { title: '', release: 'now', days: '7', date: '' };
  return {
    title: section.title,
    release: section.opensAfterDays ? 'days' : section.opensAt ? 'date' : 'now',
    days: String(section.opensAfterDays ?? 7),
    date: localValue(section.opensAt),
  };
}

export function SectionForm({
  section,
  idPrefix,
  submit,
  onSave,
  onCancel,
}: {
  /** The section being edited; null to add one (title only). */
  section: Pick<CurriculumSection, 'title' | 'opensAfterDays' | 'opensAt'> | null;
  idPrefix: string;
  submit: string;
  /** Sends the change; throws the server's refusal (its field errors land on the fields). */
  onSave: (change: ReturnType<typeof sectionChange>) => Promise<void>;
  onCancel?: () => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(sectionFormSchema, valuesOf(section)),
    onSubmit: async ({ value, formApi }) => {
      setMessage(null);
      try {
        await onSave(sectionChange(value));
        if (!section) formApi.reset();
      } catch (error) {
        setMessage(applyServerErrors(formApi, error));
      }
    },
  });
  return (
    <InlineForm
      form={form}
      label={section ? COURSE_ADMIN_TEXT.editSection(section.title) : COURSE_ADMIN_TEXT.addSection}
      submit={submit}
      cancel={COURSE_ADMIN_TEXT.cancel}
      onCancel={onCancel}
      message={message}
    >
      <form.AppField name="title">
        {(field) => (
          <field.TextField
            id={`${idPrefix}-title`}
            label={section ? COURSE_ADMIN_TEXT.sectionTitle : COURSE_ADMIN_TEXT.newSectionTitle}
            required
          />
        )}
      </form.AppField>
      {section ? (
        <>
          <form.AppField name="release">
            {() => <RadioGroupField legend={COURSE_ADMIN_TEXT.whenSectionOpens} options={RELEASE_OPTIONS} />}
          </form.AppField>
          <form.Subscribe selector={(state) => state.values.release}>
            {(release) =>
              release === 'days' ? (
                <form.AppField name="days">
                  {(field) => (
                    <field.TextField
                      id={`${idPrefix}-days`}
                      type="number"
                      label={COURSE_ADMIN_TEXT.opensAfterDaysLabel}
                      required
                    />
                  )}
                </form.AppField>
              ) : release === 'date' ? (
                <form.AppField name="date">
                  {(field) => (
                    <field.TextField
                      id={`${idPrefix}-date`}
                      type="datetime-local"
                      label={COURSE_ADMIN_TEXT.opensAtLabel}
                      required
                    />
                  )}
                </form.AppField>
              ) : null
            }
          </form.Subscribe>
        </>
      ) : null}
    </InlineForm>
  );
}
