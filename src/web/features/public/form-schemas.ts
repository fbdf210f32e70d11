/**
 * The browser's copy of the contact and driver-support rules (the server's schemas in
 * src/server/modules/email/routes.ts check the same again): same fields, limits and messages.
 */
import { z } from 'zod';
import { VALIDATION } from '../../../shared/messages.ts';
import { emailField, fullNameField } from '../../../shared/validation/auth.ts';

const required = (max: number, message: string, tooLong: string) =>
  z.string().trim().min(1, { error: message }).max(max, { error: tooLong });

const subject = required(200, 'Please enter a subject.', 'Your subject must be at most 200 characters.');
const message = required(5000, 'Please enter your message.', 'Your message must be at most 5000 characters.');

export const contactSchema = z.object({
  name: fullNameField(VALIDATION.fullNameRequired),
  email: emailField,
  phone: z.string().trim().max(30, { error: 'Your phone number must be at most 30 characters.' }),
  userType: z.enum(['customer', 'driver', '']),
  subject,
  message,
  website: z.string(),
});
export type ContactInput = z.input<typeof contactSchema>;

export const driverSupportSchema = z.object({
  name: fullNameField(VALIDATION.validFullNameRequired),
  email: emailField,
  driverLicense: z.string().trim().max(40, { error: 'Your licence number must be at most 40 characters.' }),
  urgency: z.enum(['low', 'medium', 'high', '']),
  subject,
  message,
  website: z.string(),
});
export type DriverSupportInput = z.input<typeof driverSupportSchema>;
