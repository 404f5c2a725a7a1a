/**
 * The course forms validate with the contract's request schemas: the messages below come from
 * createCourseRequestSchema / updateCourseRequestSchema themselves, except the form's own "<Label> is
 * required" for a field it marks required and "Price must be a number".
 */
import { createCourseRequestSchema, updateCourseRequestSchema } from '@lectio/contracts/course';
import { describe, expect, it } from 'vitest';
import { makeCourse } from '../../../test/course-fixtures';
import { createRequestFrom, EMPTY_COURSE_BASICS } from './CreateCourseForm';
import { editValuesFrom, updateRequestFrom } from './EditCourseForm';

const schemaMessage = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('create course form', () => {
  it('requires title, short description, category and level', () => {
    expect(createRequestFrom(EMPTY_COURSE_BASICS)).toEqual({
      ok: false,
      errors: {
        title: 'Title is required',
        shortDescription: 'Short description is required',
        category: 'Category is required',
        level: 'Level is required',
      },
    });
  });

  it("uses the contract's rules and messages beyond that", () => {
    const values = {
      ...EMPTY_COURSE_BASICS,
      title: 'x'.repeat(201),
      shortDescription: 'Short',
      category: 'Design' as const,
      level: 'Beginner' as const,
      price: '-1',
    };
    const result = createRequestFrom(values);
    expect(result).toEqual({
      ok: false,
      errors: {
        title: schemaMessage(createCourseRequestSchema.shape.title, values.title),
        price: 'Price must be 0 or more',
      },
    });
    expect(createRequestFrom({ ...values, title: 'Ok', price: 'abc' })).toEqual({
      ok: false,
      errors: { price: 'Price must be a number' },
    });
  });

  it("sends the schema's output: trimmed text, a numeric price, no empty description", () => {
    expect(
      createRequestFrom({
        ...EMPTY_COURSE_BASICS,
        title: '  Rust  ',
        shortDescription: ' Ownership ',
        category: 'Design',
        level: 'Beginner',
        price: '799',
        description: '   ',
      }),
    ).toEqual({
      ok: true,
      request: {
        title: 'Rust',
        shortDescription: 'Ownership',
        category: 'Design',
        level: 'Beginner',
        price: 799,
      },
    });
  });
});

describe('edit course form', () => {
  const values = editValuesFrom(makeCourse({ tags: ' react ', requirements: ['Node 20', ' '] }));

  it('marks every field required, on top of the contract (whose update fields are all optional)', () => {
    expect(
      updateRequestFrom({ ...values, title: '  ', shortDescription: '', description: ' ', price: '' }),
    ).toEqual({
      ok: false,
      errors: {
        title: 'Title is required',
        shortDescription: 'Short description is required',
        description: 'Description is required',
        price: 'Price (₹) is required',
      },
    });
  });

  it("uses the contract's rules and messages for the rest", () => {
    const tags = 'x'.repeat(501);
    expect(updateRequestFrom({ ...values, price: '-5', tags })).toEqual({
      ok: false,
      errors: {
        price: 'Price must be 0 or more',
        tags: schemaMessage(updateCourseRequestSchema.shape.tags, tags),
      },
    });
    expect(updateRequestFrom({ ...values, price: 'abc' })).toEqual({
      ok: false,
      errors: { price: 'Price must be a number' },
    });
  });

  it('sends every field, trimmed, with the lists without blank rows', () => {
    const result = updateRequestFrom({ ...values, title: ' New title ' });
    expect(result).toEqual({
      ok: true,
      request: {
        title: 'New title',
        shortDescription: values.shortDescription,
        category: values.category,
        level: values.level,
        price: 1299,
        description: values.description,
        tags: 'react',
        requirements: ['Node 20'],
        whatYouWillLearn: ['Components'],
        isPublished: true,
      },
    });
  });
});
