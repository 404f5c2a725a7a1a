/** The application-to-teach schema's rules (issue 15, item 5) and the zod-free http(s) link check. */
import { describe, expect, it } from 'vitest';
import { TEACHING_MESSAGES } from '../src/messages';
import {
  applyToTeachRequestSchema,
  decideTeachingApplicationRequestSchema,
  isHttpUrl,
} from '../src/teaching-applications';

const valid = {
  topic: 'Rust for web developers',
  experience: 'Eight years of backend work in Rust and Go.',
};

describe('isHttpUrl', () => {
  it.each(['https://example.com', 'http://example.com/a?b=c#d', 'https://sub.example.co.in/x'])(
    'accepts %s',
    (value) => {
      expect(isHttpUrl(value)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com',
    'mailto:a@example.com',
    'example.com',
    '//example.com',
    'https://',
    'my blog',
    '',
  ])('refuses %s', (value) => {
    expect(isHttpUrl(value)).toBe(false);
  });
});

describe('applyToTeachRequestSchema', () => {
  it('trims the texts and keeps the sample link optional', () => {
    expect(
      applyToTeachRequestSchema.parse({ topic: '  SQL  ', experience: `  ${valid.experience}  ` }),
    ).toEqual({
      topic: 'SQL',
      experience: valid.experience,
    });
  });

  it.each([
    [{ ...valid, topic: 'ab' }, 'topic', TEACHING_MESSAGES.topicLength],
    [{ ...valid, topic: 'x'.repeat(121) }, 'topic', TEACHING_MESSAGES.topicLength],
    [{ ...valid, experience: 'x'.repeat(19) }, 'experience', TEACHING_MESSAGES.experienceLength],
    [{ ...valid, experience: 'x'.repeat(2001) }, 'experience', TEACHING_MESSAGES.experienceLength],
    [{ ...valid, sampleUrl: 'javascript:alert(1)' }, 'sampleUrl', TEACHING_MESSAGES.sampleUrlInvalid],
    [
      { ...valid, sampleUrl: `https://e.com/${'a'.repeat(487)}` },
      'sampleUrl',
      TEACHING_MESSAGES.sampleUrlTooLong,
    ],
  ])('refuses %j on %s', (input, field, message) => {
    const result = applyToTeachRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('accepts the limits exactly', () => {
    expect(
      applyToTeachRequestSchema.safeParse({
        topic: 'abc',
        experience: 'x'.repeat(20),
        sampleUrl: `https://e.com/${'a'.repeat(486)}`,
      }).success,
    ).toBe(true);
  });
});

describe('decideTeachingApplicationRequestSchema', () => {
  it('takes approve or decline and an optional note of at most 500 characters', () => {
    expect(decideTeachingApplicationRequestSchema.safeParse({ id: 'a', decision: 'approve' }).success).toBe(
      true,
    );
    expect(decideTeachingApplicationRequestSchema.safeParse({ id: 'a', decision: 'maybe' }).success).toBe(
      false,
    );
    const long = decideTeachingApplicationRequestSchema.safeParse({
      id: 'a',
      decision: 'decline',
      note: 'x'.repeat(501),
    });
    expect(long.error?.issues[0]?.message).toBe(TEACHING_MESSAGES.noteTooLong);
  });
});
