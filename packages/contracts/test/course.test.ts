import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  byIdsRequestSchema,
  courseListQuerySchema,
  createCourseRequestSchema,
  updateCourseRequestSchema,
} from '../src/course';

const SPEC_CATEGORIES = [
  'Web Development',
  'Mobile Development',
  'Backend Development',
  'Data Science',
  'Machine Learning',
  'DevOps',
  'Design',
  'Business',
  'Marketing',
  'General',
  'Cybersecurity',
];
const SPEC_LEVELS = ['Beginner', 'Intermediate', 'Advanced'];

const minimal = {
  title: 'Go in practice',
  shortDescription: 'Learn Go by building things',
  category: 'Backend Development',
  level: 'Beginner',
};

function fieldsWithIssues(value: unknown, schema: z.ZodType = createCourseRequestSchema): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

function messageFor(
  value: unknown,
  field: string,
  schema: z.ZodType = createCourseRequestSchema,
): string | undefined {
  const result = schema.safeParse(value);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('createCourseRequestSchema', () => {
  it('accepts title, shortDescription, category and level alone', () => {
    expect(createCourseRequestSchema.parse(minimal)).toEqual(minimal);
  });

  it('requires title, shortDescription, category and level', () => {
    expect(fieldsWithIssues({}).sort()).toEqual(['category', 'level', 'shortDescription', 'title']);
  });

  it.each(['title', 'shortDescription', 'category', 'level'])('refuses a course without %s', (field) => {
    const { [field as keyof typeof minimal]: _omitted, ...rest } = minimal;
    expect(fieldsWithIssues(rest)).toEqual([field]);
  });

  it.each(['', '   '])('an empty title %j -> Title is required', (title) => {
    expect(messageFor({ ...minimal, title }, 'title')).toBe('Title is required');
  });

  it.each(['', '  '])('an empty shortDescription %j -> Short description is required', (shortDescription) => {
    expect(messageFor({ ...minimal, shortDescription }, 'shortDescription')).toBe(
      'Short description is required',
    );
  });

  it('trims title and shortDescription', () => {
    const parsed = createCourseRequestSchema.parse({
      ...minimal,
      title: '  Go ',
      shortDescription: ' Short ',
    });
    expect(parsed.title).toBe('Go');
    expect(parsed.shortDescription).toBe('Short');
  });

  it.each(SPEC_CATEGORIES)('accepts the category %s', (category) => {
    expect(createCourseRequestSchema.safeParse({ ...minimal, category }).success).toBe(true);
  });

  it.each(['web development', 'Cooking', ''])('refuses the category %j', (category) => {
    expect(fieldsWithIssues({ ...minimal, category })).toEqual(['category']);
  });

  it.each(SPEC_LEVELS)('accepts the level %s', (level) => {
    expect(createCourseRequestSchema.safeParse({ ...minimal, level }).success).toBe(true);
  });

  it.each(['beginner', 'Expert', ''])('refuses the level %j', (level) => {
    expect(fieldsWithIssues({ ...minimal, level })).toEqual(['level']);
  });

  it('accepts a price of 0 and more', () => {
    expect(createCourseRequestSchema.safeParse({ ...minimal, price: 0 }).success).toBe(true);
    expect(createCourseRequestSchema.safeParse({ ...minimal, price: 499.5 }).success).toBe(true);
    expect(createCourseRequestSchema.safeParse({ ...minimal, price: 10_000_000 }).success).toBe(true);
  });

  it('refuses a negative price with Price must be 0 or more', () => {
    expect(messageFor({ ...minimal, price: -1 }, 'price')).toBe('Price must be 0 or more');
    expect(messageFor({ ...minimal, price: -0.01 }, 'price')).toBe('Price must be 0 or more');
  });

  it('refuses a price over 10,000,000 and a non-numeric price', () => {
    expect(fieldsWithIssues({ ...minimal, price: 10_000_001 })).toEqual(['price']);
    expect(fieldsWithIssues({ ...minimal, price: '499' })).toEqual(['price']);
    expect(fieldsWithIssues({ ...minimal, price: Number.NaN })).toEqual(['price']);
  });

  it('limits the requirement and learning lists', () => {
    expect(createCourseRequestSchema.safeParse({ ...minimal, requirements: [''] }).success).toBe(true);
    expect(fieldsWithIssues({ ...minimal, requirements: Array(51).fill('x') })).toEqual(['requirements']);
    expect(fieldsWithIssues({ ...minimal, whatYouWillLearn: ['x'.repeat(501)] })).toEqual([
      'whatYouWillLearn.0',
    ]);
  });
});

describe('updateCourseRequestSchema', () => {
  it('accepts an empty update and a partial one', () => {
    expect(updateCourseRequestSchema.parse({})).toEqual({});
    expect(updateCourseRequestSchema.parse({ isPublished: true })).toEqual({ isPublished: true });
  });

  it('accepts status and thumbnail fields', () => {
    const body = { status: 'draft', public_id: 'p', secure_url: 'https://cdn.example/p.png' };
    expect(updateCourseRequestSchema.parse(body)).toEqual(body);
  });

  it('still validates given fields', () => {
    expect(messageFor({ title: ' ' }, 'title', updateCourseRequestSchema)).toBe('Title is required');
    expect(messageFor({ price: -5 }, 'price', updateCourseRequestSchema)).toBe('Price must be 0 or more');
    expect(fieldsWithIssues({ level: 'Expert' }, updateCourseRequestSchema)).toEqual(['level']);
  });

  it('does not let an update reassign the instructor', () => {
    expect(updateCourseRequestSchema.parse({ instructorId: 'someone-else' })).toEqual({});
  });
});

describe('courseListQuerySchema', () => {
  it('defaults the limit to 12', () => {
    expect(courseListQuerySchema.parse({})).toEqual({ limit: 12 });
  });

  it('coerces a query-string limit', () => {
    expect(courseListQuerySchema.parse({ limit: '4' }).limit).toBe(4);
    expect(courseListQuerySchema.parse({ limit: 4 }).limit).toBe(4);
  });

  it('accepts 1 and 100', () => {
    expect(courseListQuerySchema.parse({ limit: '1' }).limit).toBe(1);
    expect(courseListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
  });

  it.each(['0', '-1', '101', '1.5', 'abc', ''])('refuses the limit %j', (limit) => {
    expect(courseListQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('passes cursor, search, category and level through', () => {
    const query = { cursor: 'abc', search: 'go', category: 'DevOps', level: 'Advanced' };
    expect(courseListQuerySchema.parse(query)).toEqual({ ...query, limit: 12 });
  });

  it('refuses an unknown category or level and an over-long search', () => {
    expect(courseListQuerySchema.safeParse({ category: 'Cooking' }).success).toBe(false);
    expect(courseListQuerySchema.safeParse({ level: 'Expert' }).success).toBe(false);
    expect(courseListQuerySchema.safeParse({ search: 's'.repeat(201) }).success).toBe(false);
    expect(courseListQuerySchema.safeParse({ search: 's'.repeat(200) }).success).toBe(true);
  });
});

describe('byIdsRequestSchema', () => {
  it('accepts up to 100 ids', () => {
    expect(byIdsRequestSchema.safeParse({ courseIds: [] }).success).toBe(true);
    expect(byIdsRequestSchema.safeParse({ courseIds: Array(100).fill('c') }).success).toBe(true);
    expect(byIdsRequestSchema.safeParse({ courseIds: Array(101).fill('c') }).success).toBe(false);
    expect(byIdsRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe('course length limits', () => {
  // The edit form shows these next to the fields (it validates with this schema), so they read as text.
  const messageFor = (values: Record<string, unknown>) =>
    updateCourseRequestSchema.safeParse(values).error?.issues.map((issue) => issue.message);

  it('names the field and its limit', () => {
    expect(messageFor({ tags: 'x'.repeat(501) })).toEqual(['Tags must be at most 500 characters']);
    expect(messageFor({ title: 'x'.repeat(201) })).toEqual(['Title must be at most 200 characters']);
    expect(messageFor({ description: 'x'.repeat(20001) })).toEqual([
      'Description must be at most 20,000 characters',
    ]);
    expect(messageFor({ requirements: ['x'.repeat(501)] })).toEqual([
      'Each item of Requirements must be at most 500 characters',
    ]);
    expect(messageFor({ whatYouWillLearn: Array(51).fill('a') })).toEqual([
      'What you will learn can have at most 50 items',
    ]);
  });
});
