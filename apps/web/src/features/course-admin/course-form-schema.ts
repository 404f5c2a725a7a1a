/**
 * The Create and Edit course forms' schema: the contract's `courseDetailsSchema` (one set of rules for
 * both forms and the server, issue 24) read from what the form's controls hold. Only the reading is the
 * form's: a select's empty choice is no choice ("<Label> is required" when the contract requires the
 * field), the price box's text is a number (empty is a free course, 0), and the list editors' blank
 * rows are dropped. Which fields are required is the contract's (`isRequiredDetail`).
 */
import { courseDetailsSchema, createCourseRequestSchema } from '@lectio/contracts/course';
import { z } from 'zod';
import { nonBlank } from '~/features/catalog/course-format';
import { COURSE_ADMIN_TEXT } from './course-admin-text';

const details = courseDetailsSchema.shape;
type Detail = keyof typeof details;

/** Whether the contract requires the detail: a course can't be saved without it, on Create or Edit. */
export function isRequiredDetail(name: Detail): boolean {
  return !details[name].safeParse(undefined).success;
}

/** A select's value: '' is no choice ("<Label> is required" if the contract requires it), else the contract's rule. */
function choice<Schema extends z.ZodType>(schema: Schema, name: Detail, label: string) {
  return z.string().transform((text, context): z.output<Schema> | undefined => {
    if (text === '') {
      if (isRequiredDetail(name))
        context.addIssue({ code: 'custom', message: COURSE_ADMIN_TEXT.required(label) });
      return undefined;
    }
    const parsed = schema.safeParse(text);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/** The price box's text: empty is free (0), anything else must read as a number. */
const priceText = z
  .string()
  .transform((text, context) => {
    const trimmed = text.trim();
    const price = trimmed === '' ? 0 : Number(trimmed);
    if (Number.isNaN(price)) {
      context.addIssue({ code: 'custom', message: COURSE_ADMIN_TEXT.priceNumeric });
      return z.NEVER;
    }
    return price;
  })
  .pipe(details.price.unwrap());

/** A list editor's rows: blank rows are the editor's, not items. */
const rows = (schema: typeof details.requirements) =>
  z.array(z.string()).transform(nonBlank).pipe(schema.unwrap());

export const courseFormSchema = courseDetailsSchema.extend({
  category: choice(details.category, 'category', COURSE_ADMIN_TEXT.category),
  level: choice(details.level, 'level', COURSE_ADMIN_TEXT.level),
  price: priceText,
  description: z.string().pipe(details.description.unwrap()),
  tags: z.string().trim().pipe(details.tags.unwrap()),
  requirements: rows(details.requirements),
  whatYouWillLearn: rows(details.whatYouWillLearn),
});

/** The admin's choice of instructor: '' is themselves, which is not sent (the server's default). */
const instructorChoice = z
  .string()
  .transform((id) => id || undefined)
  .pipe(createCourseRequestSchema.shape.instructorId);

/**
 * The Create form asks for the headline details (and an admin for the instructor); the lists, tags and
 * publishing wait for Edit.
 */
export const createCourseFormSchema = courseFormSchema
  .pick({ title: true, shortDescription: true, category: true, level: true, price: true, description: true })
  .extend({ instructorId: instructorChoice });
