import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailField,
  forgotPasswordSchema,
  passwordAuthLoginSchema,
  passwordField,
  resetPasswordSchema,
  signInSchema,
  testDriverSignupSchema,
  testSignupSchema,
} from '../../src/shared/validation/auth.ts';
import {
  customerSignupSchema,
  driverSignupSchema,
  passwordAuthSignupSchema,
  signupRequestSchema,
} from '../../src/shared/validation/signup.ts';

/** All issue messages of a failed parse (the test fails if the parse succeeds). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be rejected`);
  return result.error.issues.map((i) => i.message);
}
/** The distinct messages for one field (an empty name breaks two rules with the same message). */
function fieldMessages(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be rejected`);
  return [...new Set(result.error.issues.filter((i) => i.path.join('.') === field).map((i) => i.message))];
}

const INVALID_EMAIL = 'Please enter a valid email address.';
const TOO_SHORT = 'Password must be at least 8 characters long';
const TOO_COMMON = 'Please use a stronger password. This password is too common.';
const FULL_NAME = 'Please enter your full name';
const VALID_FULL_NAME = 'Please enter a valid full name';

const customer = {
  fullName: "Mary-Jane O'Brien",
  email: 'mary@example.com',
  password: 'Sturdy-Pass-9',
  phone: '0412 345 678',
};
const driver = {
  fullName: 'Dan Driver',
  email: 'dan@example.com',
  password: 'Sturdy-Pass-9',
  phone: '0498 765 432',
  bspNumber: 'BSP 123',
};

describe('email', () => {
  it.each(['not-an-email', 'a@', '@b.com', 'a b@c.com', 'a@b', ''])(
    'rejects %j with the spec message',
    (email) => {
      expect(messages(emailField, email)).toEqual([INVALID_EMAIL]);
    },
  );

  it('rejects a non-string with the same message', () => {
    expect(messages(emailField, 42)).toEqual([INVALID_EMAIL]);
    expect(messages(emailField, undefined)).toEqual([INVALID_EMAIL]);
  });

  it('trims and lowercases', () => {
    expect(emailField.parse('  Mary.Smith@Example.COM  ')).toBe('mary.smith@example.com');
  });

  it('rejects an address longer than 254 characters', () => {
    expect(messages(emailField, `${'a'.repeat(64)}@${'b'.repeat(190)}.com`)).toEqual([INVALID_EMAIL]);
  });
});

describe('password', () => {
  it.each(['', 'a', 'Abc1234'])('%j is too short', (p) => {
    expect(messages(passwordField, p)).toEqual([TOO_SHORT]);
  });

  it('accepts exactly 8 characters', () => {
    expect(passwordField.parse('Abc12345')).toBe('Abc12345');
  });

  it.each(['password', 'Password', 'PASSWORD', 'pAsSwOrD'])(
    '%j (8 characters, common) is too common',
    (p) => {
      expect(messages(passwordField, p)).toEqual([TOO_COMMON]);
    },
  );

  // '123456' and 'qwerty' are shorter than 8: the schema reports the length rule first, then the common rule.
  it.each(['123456', 'qwerty', 'QWERTY', 'QwErTy'])(
    '%j fails the length rule first, then the common rule',
    (p) => {
      expect(messages(passwordField, p)).toEqual([TOO_SHORT, TOO_COMMON]);
    },
  );

  it('a common word inside a longer password is fine', () => {
    expect(passwordField.safeParse('password1').success).toBe(true);
    expect(passwordField.safeParse('qwerty-and-more').success).toBe(true);
  });

  it('rejects more than 128 characters', () => {
    expect(messages(passwordField, 'a'.repeat(129))).toEqual([
      'Password must be at most 128 characters long',
    ]);
  });
});

describe('customer sign-up', () => {
  it('accepts a valid form and trims the name', () => {
    const parsed = customerSignupSchema.parse({
      ...customer,
      fullName: '  José Núñez  ',
      email: ' JOSE@Example.com ',
    });
    expect(parsed.fullName).toBe('José Núñez');
    expect(parsed.email).toBe('jose@example.com');
  });

  it.each(['A', ' B ', 'John 2', 'R2D2', 'Anna!', '', '   '])(
    'name %j: "Please enter your full name"',
    (fullName) => {
      expect(fieldMessages(customerSignupSchema, { ...customer, fullName }, 'fullName')).toEqual([FULL_NAME]);
    },
  );

  it('accepts letters, spaces, apostrophes and hyphens (at least 2 after trimming)', () => {
    for (const fullName of ['Al', "D'Arcy", 'Jean-Luc Picard', 'Zoë Ångström']) {
      expect(customerSignupSchema.safeParse({ ...customer, fullName }).success, fullName).toBe(true);
    }
  });

  it('a missing name gives the same message', () => {
    const { fullName: _omit, ...rest } = customer;
    expect(fieldMessages(customerSignupSchema, rest, 'fullName')).toEqual([FULL_NAME]);
  });

  it('reports each field with its own message', () => {
    expect(fieldMessages(customerSignupSchema, { ...customer, email: 'nope' }, 'email')).toEqual([
      INVALID_EMAIL,
    ]);
    expect(fieldMessages(customerSignupSchema, { ...customer, password: 'short' }, 'password')).toEqual([
      TOO_SHORT,
    ]);
    expect(fieldMessages(customerSignupSchema, { ...customer, password: 'Password' }, 'password')).toEqual([
      TOO_COMMON,
    ]);
  });
});

describe('driver sign-up', () => {
  it('accepts a valid form; company name is optional', () => {
    expect(driverSignupSchema.parse(driver)).toMatchObject({ bspNumber: 'BSP 123' });
    expect(driverSignupSchema.parse({ ...driver, companyName: ' Bay Shuttles ' }).companyName).toBe(
      'Bay Shuttles',
    );
  });

  it.each(['A', 'John 2', ''])('name %j: "Please enter a valid full name"', (fullName) => {
    expect(fieldMessages(driverSignupSchema, { ...driver, fullName }, 'fullName')).toEqual([VALID_FULL_NAME]);
  });

  it.each([[''], ['   '], [undefined]])('BSP number %j: "BSP number is required"', (bspNumber) => {
    expect(fieldMessages(driverSignupSchema, { ...driver, bspNumber }, 'bspNumber')).toEqual([
      'BSP number is required',
    ]);
  });
});

describe('sign-up request (API)', () => {
  it('picks the schema by userType', () => {
    expect(signupRequestSchema.parse({ ...customer, userType: 'customer' }).userType).toBe('customer');
    expect(signupRequestSchema.parse({ ...driver, userType: 'driver' }).userType).toBe('driver');
    expect(messages(signupRequestSchema, { ...customer, userType: 'driver' })).toEqual([
      'BSP number is required',
    ]);
    expect(messages(signupRequestSchema, { ...customer, fullName: 'X', userType: 'customer' })).toEqual([
      FULL_NAME,
    ]);
    expect(messages(signupRequestSchema, { ...driver, fullName: 'X', userType: 'driver' })).toEqual([
      VALID_FULL_NAME,
    ]);
  });

  it('never accepts admin', () => {
    expect(signupRequestSchema.safeParse({ ...customer, userType: 'admin' }).success).toBe(false);
  });
});

describe('sign-in', () => {
  it('trims and lowercases the e-mail', () => {
    expect(signInSchema.parse({ email: '  Mary@Example.com ', password: 'x' })).toEqual({
      email: 'mary@example.com',
      password: 'x',
    });
  });

  it('needs both fields: "Please enter both email and password."', () => {
    expect(messages(signInSchema, { email: '', password: '' })).toEqual([
      'Please enter both email and password.',
      'Please enter both email and password.',
    ]);
    expect(messages(signInSchema, { email: 'a@b.co' })).toEqual(['Please enter both email and password.']);
  });

  it('a malformed e-mail gets the e-mail message', () => {
    expect(messages(signInSchema, { email: 'bad', password: 'x' })).toEqual([INVALID_EMAIL]);
  });

  it('password-auth login: "Please fill in all fields."', () => {
    expect(messages(passwordAuthLoginSchema, { email: '', password: '' })).toEqual([
      'Please fill in all fields.',
      'Please fill in all fields.',
    ]);
  });
});

describe('password-auth sign-up and reset', () => {
  const form = {
    fullName: 'Mary Smith',
    email: 'mary@example.com',
    phone: '0412 345 678',
    password: 'Sturdy-Pass-9',
    confirmPassword: 'Sturdy-Pass-9',
  };

  it('accepts matching passwords', () => {
    expect(passwordAuthSignupSchema.safeParse(form).success).toBe(true);
  });

  it('all five fields required (the mobile number too): "Please fill in all fields."', () => {
    expect(
      messages(passwordAuthSignupSchema, {
        fullName: '',
        email: '',
        phone: '',
        password: '',
        confirmPassword: '',
      }),
    ).toEqual(Array(5).fill('Please fill in all fields.'));
  });

  it('"Passwords do not match"', () => {
    expect(
      fieldMessages(
        passwordAuthSignupSchema,
        { ...form, confirmPassword: 'Sturdy-Pass-8' },
        'confirmPassword',
      ),
    ).toEqual(['Passwords do not match']);
  });

  it('minimum length applies', () => {
    expect(
      fieldMessages(
        passwordAuthSignupSchema,
        { ...form, password: 'short', confirmPassword: 'short' },
        'password',
      ),
    ).toEqual([TOO_SHORT]);
  });

  it('reset password: length, common and match checks', () => {
    expect(
      resetPasswordSchema.safeParse({ password: 'Sturdy-Pass-9', confirmPassword: 'Sturdy-Pass-9' }).success,
    ).toBe(true);
    expect(messages(resetPasswordSchema, { password: 'short', confirmPassword: 'short' })).toEqual([
      TOO_SHORT,
    ]);
    expect(messages(resetPasswordSchema, { password: 'Password', confirmPassword: 'Password' })).toEqual([
      TOO_COMMON,
    ]);
    expect(
      messages(resetPasswordSchema, { password: 'Sturdy-Pass-9', confirmPassword: 'Sturdy-Pass-8' }),
    ).toEqual(['Passwords do not match']);
  });

  it('reset request needs an e-mail: "Please enter your email address."', () => {
    expect(messages(forgotPasswordSchema, { email: '  ' })).toEqual(['Please enter your email address.']);
    expect(messages(forgotPasswordSchema, { email: 'nope' })).toEqual([INVALID_EMAIL]);
    expect(forgotPasswordSchema.parse({ email: ' A@B.co ' }).email).toBe('a@b.co');
  });
});

describe('test sign-up forms (browser only)', () => {
  it('may choose admin', () => {
    expect(
      testSignupSchema.parse({ fullName: 'Ann Admin', email: 'a@b.co', userType: 'admin' }).userType,
    ).toBe('admin');
    expect(
      testSignupSchema.safeParse({ fullName: 'Ann Admin', email: 'a@b.co', userType: 'root' }).success,
    ).toBe(false);
  });

  it('test driver needs a BSP number and a valid full name', () => {
    expect(
      fieldMessages(testDriverSignupSchema, { fullName: 'D', email: 'a@b.co', bspNumber: '' }, 'bspNumber'),
    ).toEqual(['BSP number is required']);
    expect(
      fieldMessages(testDriverSignupSchema, { fullName: 'D', email: 'a@b.co', bspNumber: 'x' }, 'fullName'),
    ).toEqual([VALID_FULL_NAME]);
  });
});
