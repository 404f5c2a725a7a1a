/**
 * The course details Create and Edit both ask for (issue 24), as one field group: title, short description,
 * category, level, price and description, marked required as the contract requires them
 * (`isRequiredDetail`). Create (`creating`) offers an empty first choice for the category and the level
 * (an unchosen one is refused with "<Label> is required") and sets the price under its other fields, after
 * the admin's choice of instructor (`children`); Edit sets the price next to the level.
 */
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import type { ReactNode } from 'react';
import { withFieldGroup } from '~/components/ui/form/form-kit';
import { COURSE_ADMIN_TEXT as TEXT } from './course-admin-text';
import { isRequiredDetail } from './course-form-schema';

export const COURSE_DETAIL_DEFAULTS = {
  title: '',
  shortDescription: '',
  category: '',
  level: '',
  price: '',
  description: '',
};

export const COURSE_DETAIL_FIELDS = {
  title: 'title',
  shortDescription: 'shortDescription',
  category: 'category',
  level: 'level',
  price: 'price',
  description: 'description',
} as const;

/** The two one-line texts. */
const TEXTS = [
  { name: 'title', id: 'course-title', label: TEXT.title },
  { name: 'shortDescription', id: 'course-short-description', label: TEXT.shortDescription },
] as const;

/** The two choices, each from the contract's list. */
const CHOICES = [
  { name: 'category', values: CATEGORIES, label: TEXT.category, empty: TEXT.chooseCategory },
  { name: 'level', values: LEVELS, label: TEXT.level, empty: TEXT.chooseLevel },
] as const;

interface CourseDetailProps {
  /** The Create form's layout and empty choices. */
  creating?: boolean;
  /** Fields Create asks for between the choices and the price (the admin's choice of instructor). */
  children?: ReactNode;
}

const COURSE_DETAIL_PROPS: CourseDetailProps = {};

export const CourseDetailFields = withFieldGroup({
  defaultValues: COURSE_DETAIL_DEFAULTS,
  props: COURSE_DETAIL_PROPS,
  render: ({ group, creating = false, children }) => {
    const price = (
      <group.AppField name="price">
        {(field) => (
          <field.TextField
            id="course-price"
            label={TEXT.price}
            hint={TEXT.priceHint}
            required={isRequiredDetail('price')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
          />
        )}
      </group.AppField>
    );
    return (
      <>
        {TEXTS.map((text) => (
          <group.AppField key={text.name} name={text.name}>
            {(field) => (
              <field.TextField id={text.id} label={text.label} required={isRequiredDetail(text.name)} />
            )}
          </group.AppField>
        ))}
        <div className={`grid gap-5 ${creating ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
          {CHOICES.map((choice) => (
            <group.AppField key={choice.name} name={choice.name}>
              {(field) => (
                <field.SelectField
                  id={`course-${choice.name}`}
                  label={choice.label}
                  required={isRequiredDetail(choice.name)}
                >
                  {creating ? <option value="">{choice.empty}</option> : null}
                  {choice.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </field.SelectField>
              )}
            </group.AppField>
          ))}
          {creating ? null : price}
        </div>
        {children}
        {creating ? price : null}
        <group.AppField name="description">
          {(field) => (
            <field.TextAreaField
              id="course-description"
              label={TEXT.description}
              required={isRequiredDetail('description')}
              rows={creating ? 5 : 6}
            />
          )}
        </group.AppField>
      </>
    );
  },
});
