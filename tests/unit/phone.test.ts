/** The one phone rule of the sign-up forms, /profile and the API (shared/validation/phone.ts). */
import { describe, expect, it } from 'vitest';
import {
  dayOfTripPhone,
  formatPhone,
  isMobilePhone,
  normaliseBusinessPhone,
  normalisePhone,
  PHONE_MESSAGES,
  phoneField,
  phoneHref,
} from '../../src/shared/validation/phone.ts';
import { customerSignupSchema, passwordAuthSignupSchema } from '../../src/shared/validation/signup.ts';

describe('normalisePhone', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['0412345678', '+61412345678'],
    [' 0412-345-678 ', '+61412345678'],
    ['0412.345.678', '+61412345678'],
    ['(04) 1234 5678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['+61412345678', '+61412345678'],
    ['+61 (0) 412 345 678', '+61412345678'],
    ['61 412 345 678', '+61412345678'],
    ['0498 765 432', '+61498765432'],
    ['+64 21 123 4567', '+64211234567'],
    ['+44 7911 123456', '+447911123456'],
  ])('accepts the mobile number %j as %s', (typed, e164) => {
    expect(normalisePhone(typed)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['', PHONE_MESSAGES.required],
    ['   ', PHONE_MESSAGES.required],
    ['0412 345', PHONE_MESSAGES.invalid],
    ['0412 345 6789', PHONE_MESSAGES.invalid],
    ['04l2 345 678', PHONE_MESSAGES.invalid],
    ['call me on 0412 345 678', PHONE_MESSAGES.invalid],
    ['0412 345 678 ext 2', PHONE_MESSAGES.invalid],
    ['04+12 345 678', PHONE_MESSAGES.invalid],
    ['0412 345 678 0412 345 678 0412 345 678', PHONE_MESSAGES.invalid],
    ['+44 20 7946 0958', PHONE_MESSAGES.invalid],
    ['(02) 4981 1234', PHONE_MESSAGES.landline],
    ['+61 2 4981 1234', PHONE_MESSAGES.landline],
    ['07 3000 1234', PHONE_MESSAGES.landline],
    ['1300 123 456', PHONE_MESSAGES.landline],
    ['1800 123 456', PHONE_MESSAGES.landline],
    ['13 12 34', PHONE_MESSAGES.landline],
  ])('refuses %j with its message', (typed, message) => {
    expect(normalisePhone(typed)).toEqual({ ok: false, message });
  });
});

describe('phoneField and the sign-up schemas', () => {
  it('gives E.164, and the required message for anything that is not text', () => {
    expect(phoneField.parse('0412 345 678')).toBe('+61412345678');
    for (const value of [undefined, null, 412345678, {}]) {
      const r = phoneField.safeParse(value);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(PHONE_MESSAGES.required);
    }
  });

  it('sign-up requires a mobile number', () => {
    const base = { fullName: 'Cara Whitfield', email: 'cara@example.com', password: 'Correct-Horse-42' };
    const without = customerSignupSchema.safeParse(base);
    expect(without.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: PHONE_MESSAGES.required }),
    ]);
    expect(customerSignupSchema.parse({ ...base, phone: '0412 345 678' }).phone).toBe('+61412345678');
    const card = passwordAuthSignupSchema.safeParse({ ...base, confirmPassword: base.password, phone: '' });
    expect(card.error?.issues[0]?.message).toBe('Please fill in all fields.');
  });
});

describe('formatPhone and phoneHref', () => {
  it('shows Australian numbers in the national format and others internationally', () => {
    expect(formatPhone('+61412345678')).toBe('0412 345 678');
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    expect(phoneHref('+61412345678')).toBe('tel:+61412345678');
  });
  it('shows a number stored before numbers were checked as it was typed', () => {
    expect(formatPhone(' 02 4981 1234 ')).toBe('02 4981 1234');
    expect(phoneHref('(02) 4981 1234')).toBe('tel:+61249811234');
  });
});

describe('the business (office) number: a landline is fine there (issue 32)', () => {
  it.each([
    ['(02) 4981 1234', '+61249811234'],
    ['02 4981 1234', '+61249811234'],
    ['+61 2 4981 1234', '+61249811234'],
    ['03 9000 1234', '+61390001234'],
    ['07 3000 1234', '+61730001234'],
    ['08 8000 1234', '+61880001234'],
    ['0412 345 678', '+61412345678'],
  ])('accepts %j as %s', (typed, e164) => {
    expect(normaliseBusinessPhone(typed)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['1300 123 456', PHONE_MESSAGES.businessInvalid],
    ['1800 123 456', PHONE_MESSAGES.businessInvalid],
    ['13 12 34', PHONE_MESSAGES.businessInvalid],
    ['02 4981 123', PHONE_MESSAGES.businessInvalid],
    ['office', PHONE_MESSAGES.businessInvalid],
    ['', PHONE_MESSAGES.required],
  ])('refuses %j', (typed, message) => {
    expect(normaliseBusinessPhone(typed)).toEqual({ ok: false, message });
  });

  it('shows a landline as (02) 4981 1234 with a tel: link, and knows it is no mobile', () => {
    expect(formatPhone('+61249811234')).toBe('(02) 4981 1234');
    expect(phoneHref('+61249811234')).toBe('tel:+61249811234');
    expect(isMobilePhone('+61249811234')).toBe(false);
    expect(isMobilePhone('+61412345678')).toBe(true);
  });

  it("the customer gets a mobile on the day: the business number if it is one, else the driver's own", () => {
    expect(dayOfTripPhone('+61249811234', '+61498765432')).toBe('+61498765432');
    expect(dayOfTripPhone('+61412345678', '+61498765432')).toBe('+61412345678');
    expect(dayOfTripPhone('', '+61498765432')).toBe('+61498765432');
    expect(dayOfTripPhone(null, null)).toBeNull();
  });

  it("the driver's own number stays a mobile", () => {
    expect(normalisePhone('02 4981 1234')).toEqual({ ok: false, message: PHONE_MESSAGES.landline });
  });
});
