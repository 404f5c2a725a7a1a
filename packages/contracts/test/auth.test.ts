import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authSessionSchema, fieldErrors, loginRequestSchema, signupRequestSchema } from '../src/auth';

const EMAIL_REQUIRED = 'Email is required';
const EMAIL_INVALID = 'Invalid email address';
const PASSWORD_REQUIRED = 'Password is required';
const PASSWORD_SHORT = 'Password must be at least 6 characters';
const NAME_REQUIRED = 'Name is required';
const CONFIRM_REQUIRED = 'Confirm Password is required';
const MISMATCH = 'Passwords do not match';
const ROLE_REFUSED = 'Only student accounts can be created at sign-up; an admin can change roles later';

const validLogin = { email: 'asha@example.com', password: 'secret1' };
const validSignup = {
  name: 'Asha',
  email: 'asha@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

/** Every [field, message] issue, in order. */
function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

/** An address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

describe('loginRequestSchema', () => {
  it('accepts a valid login and defaults remember to false', () => {
    expect(loginRequestSchema.parse(validLogin)).toEqual({ ...validLogin, remember: false });
    expect(loginRequestSchema.parse({ ...validLogin, remember: true }).remember).toBe(true);
  });

  it('trims the email', () => {
    expect(loginRequestSchema.parse({ ...validLogin, email: '  asha@example.com ' }).email).toBe(
      'asha@example.com',
    );
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['whitespace', '   '],
    ['null', null],
    ['a number', 42],
  ])('email %s -> Email is required', (_label, email) => {
    expect(issues(loginRequestSchema, { ...validLogin, email })).toEqual([['email', EMAIL_REQUIRED]]);
  });

  it.each(['asha', 'asha@', '@example.com', 'asha@example', 'as ha@example.com', 'asha@@example.com'])(
    'email %j -> Invalid email address',
    (email) => {
      expect(issues(loginRequestSchema, { ...validLogin, email })).toEqual([['email', EMAIL_INVALID]]);
    },
  );

  it('accepts an email of 254 characters and refuses 255', () => {
    expect(loginRequestSchema.safeParse({ ...validLogin, email: emailOfLength(254) }).success).toBe(true);
    expect(issues(loginRequestSchema, { ...validLogin, email: emailOfLength(255) })).toEqual([
      ['email', 'Email must be at most 254 characters'],
    ]);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
  ])('password %s -> Password is required', (_label, password) => {
    expect(issues(loginRequestSchema, { ...validLogin, password })).toEqual([
      ['password', PASSWORD_REQUIRED],
    ]);
  });

  it('an empty password reports Password is required first', () => {
    expect(issues(loginRequestSchema, { ...validLogin, password: '' })[0]).toEqual([
      'password',
      PASSWORD_REQUIRED,
    ]);
    expect(fieldErrors(loginRequestSchema, { ...validLogin, password: '' })).toEqual({
      password: PASSWORD_REQUIRED,
    });
  });

  it.each(['a', 'abcde'])('password %j -> Password must be at least 6 characters', (password) => {
    expect(issues(loginRequestSchema, { ...validLogin, password })).toEqual([['password', PASSWORD_SHORT]]);
  });

  it('accepts a password of 6 and of 128 characters, refuses 129', () => {
    expect(loginRequestSchema.safeParse({ ...validLogin, password: 'abcdef' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ ...validLogin, password: 'p'.repeat(128) }).success).toBe(true);
    expect(issues(loginRequestSchema, { ...validLogin, password: 'p'.repeat(129) })).toEqual([
      ['password', 'Password must be at most 128 characters'],
    ]);
  });

  it('does not trim the password', () => {
    expect(loginRequestSchema.parse({ ...validLogin, password: ' secret ' }).password).toBe(' secret ');
  });

  it('reports both fields of an empty form', () => {
    expect(fieldErrors(loginRequestSchema, {})).toEqual({
      email: EMAIL_REQUIRED,
      password: PASSWORD_REQUIRED,
    });
  });
});

describe('signupRequestSchema', () => {
  it('accepts a valid sign-up', () => {
    expect(signupRequestSchema.parse(validSignup)).toEqual(validSignup);
  });

  it('trims the name and the email', () => {
    const parsed = signupRequestSchema.parse({
      ...validSignup,
      name: '  Asha  ',
      email: ' asha@example.com ',
    });
    expect(parsed.name).toBe('Asha');
    expect(parsed.email).toBe('asha@example.com');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['whitespace', '  \t '],
  ])('name %s -> Name is required', (_label, name) => {
    expect(issues(signupRequestSchema, { ...validSignup, name })).toEqual([['name', NAME_REQUIRED]]);
  });

  it('accepts a name of 100 characters and refuses 101', () => {
    expect(signupRequestSchema.safeParse({ ...validSignup, name: 'n'.repeat(100) }).success).toBe(true);
    expect(issues(signupRequestSchema, { ...validSignup, name: 'n'.repeat(101) })).toEqual([
      ['name', 'Name must be at most 100 characters'],
    ]);
  });

  it('applies the sign-in email rules', () => {
    expect(issues(signupRequestSchema, { ...validSignup, email: '' })).toEqual([['email', EMAIL_REQUIRED]]);
    expect(issues(signupRequestSchema, { ...validSignup, email: ' ' })).toEqual([['email', EMAIL_REQUIRED]]);
    expect(issues(signupRequestSchema, { ...validSignup, email: undefined })).toEqual([
      ['email', EMAIL_REQUIRED],
    ]);
    expect(issues(signupRequestSchema, { ...validSignup, email: 'asha' })).toEqual([
      ['email', EMAIL_INVALID],
    ]);
  });

  it('applies the sign-in password rules', () => {
    expect(fieldErrors(signupRequestSchema, { ...validSignup, password: undefined }).password).toBe(
      PASSWORD_REQUIRED,
    );
    expect(fieldErrors(signupRequestSchema, { ...validSignup, password: '' }).password).toBe(
      PASSWORD_REQUIRED,
    );
    expect(
      fieldErrors(signupRequestSchema, { ...validSignup, password: 'abc', confirmPassword: 'abc' }),
    ).toEqual({ password: PASSWORD_SHORT });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
  ])('confirm password %s -> Confirm Password is required (and no mismatch)', (_label, confirmPassword) => {
    expect(issues(signupRequestSchema, { ...validSignup, confirmPassword })).toEqual([
      ['confirmPassword', CONFIRM_REQUIRED],
    ]);
  });

  it('a different confirm password -> Passwords do not match', () => {
    expect(issues(signupRequestSchema, { ...validSignup, confirmPassword: 'secret2' })).toEqual([
      ['confirmPassword', MISMATCH],
    ]);
  });

  it('compares exactly (case and whitespace matter)', () => {
    expect(issues(signupRequestSchema, { ...validSignup, confirmPassword: 'SECRET1' })).toEqual([
      ['confirmPassword', MISMATCH],
    ]);
    expect(issues(signupRequestSchema, { ...validSignup, confirmPassword: 'secret1 ' })).toEqual([
      ['confirmPassword', MISMATCH],
    ]);
  });

  it('reports the mismatch alongside other field errors', () => {
    expect(
      fieldErrors(signupRequestSchema, {
        ...validSignup,
        name: '',
        password: 'secret1',
        confirmPassword: 'x',
      }),
    ).toEqual({ name: NAME_REQUIRED, confirmPassword: MISMATCH });
  });

  it.each([undefined, 'student'])('accepts role %j', (role) => {
    expect(signupRequestSchema.safeParse({ ...validSignup, role }).success).toBe(true);
  });

  it.each(['admin', 'instructor', 'moderator', 'Student', ''])('refuses role %j', (role) => {
    expect(issues(signupRequestSchema, { ...validSignup, role })).toEqual([['role', ROLE_REFUSED]]);
  });

  it('refuses a non-string role', () => {
    const result = signupRequestSchema.safeParse({ ...validSignup, role: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['role']);
  });

  it('reports every field of an empty form', () => {
    expect(fieldErrors(signupRequestSchema, {})).toEqual({
      name: NAME_REQUIRED,
      email: EMAIL_REQUIRED,
      password: PASSWORD_REQUIRED,
      confirmPassword: CONFIRM_REQUIRED,
    });
  });
});

describe('fieldErrors', () => {
  it('returns {} for valid input', () => {
    expect(fieldErrors(loginRequestSchema, validLogin)).toEqual({});
    expect(fieldErrors(signupRequestSchema, validSignup)).toEqual({});
  });

  it('keeps only the first message of a field', () => {
    const schema = z.object({ code: z.string().min(3, 'first').regex(/^\d+$/, 'second') });
    expect(fieldErrors(schema, { code: 'a' })).toEqual({ code: 'first' });
  });

  it('keys a nested issue by its top-level field and a root issue by ""', () => {
    const nested = z.object({ address: z.object({ city: z.string({ error: 'City is required' }) }) });
    expect(fieldErrors(nested, { address: {} })).toEqual({ address: 'City is required' });
    const root = z.string({ error: 'Not a string' });
    expect(fieldErrors(root, 5)).toEqual({ '': 'Not a string' });
  });
});

describe('authSessionSchema', () => {
  const user = {
    _id: 'u1',
    name: 'Asha',
    email: 'asha@example.com',
    role: 'student',
    avatar: null,
    isActive: true,
    emailVerified: true,
    purchasedCourses: ['c1'],
    permissions: { permissions: ['access_purchased_courses', 'track_progress'], level: 2 },
    createdAt: '2024-01-01T00:00:00.000Z',
  };

  it('accepts { accessToken, role, user }', () => {
    expect(authSessionSchema.safeParse({ accessToken: 't', role: 'student', user }).success).toBe(true);
  });

  it('refuses an unknown role and a missing token', () => {
    expect(authSessionSchema.safeParse({ accessToken: 't', role: 'root', user }).success).toBe(false);
    expect(authSessionSchema.safeParse({ role: 'student', user }).success).toBe(false);
  });

  it('never passes a password hash through', () => {
    const parsed = authSessionSchema.parse({
      accessToken: 't',
      role: 'student',
      user: { ...user, password: 'argon2-hash', passwordHash: 'argon2-hash' },
    });
    expect(parsed.user).not.toHaveProperty('password');
    expect(parsed.user).not.toHaveProperty('passwordHash');
  });
});
