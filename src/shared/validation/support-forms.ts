/**
 * The contact and driver-support forms (SPEC §3 Email payload, §7 send-email): one set of rules for the
 * browser forms and for POST /api/send-email.
 */

import { VALIDATION } from '../messages.ts';
import { emailField, fullNameField } from './auth.ts';
import { z } from './z.ts';

export const SUPPORT_FORM_MESSAGES = {
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: 'Your subject must be at most 200 characters.',
  messageRequired: 'Please enter your message.',
  messageTooLong: 'Your message must be at most 5000 characters.',
  phoneTooLong: 'Your phone number must be at most 30 characters.',
  licenceTooLong: 'Your licence number must be at most 40 characters.',
} as const;

const required = (max: number, message: string, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });
/** Optional text: absent or empty both mean "not given". */
const optional = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).optional();

const subject = required(200, SUPPORT_FORM_MESSAGES.subjectRequired, SUPPORT_FORM_MESSAGES.subjectTooLong);
const message = required(5000, SUPPORT_FORM_MESSAGES.messageRequired, SUPPORT_FORM_MESSAGES.messageTooLong);

export const contactFormSchema = z.object({
  name: fullNameField(VALIDATION.fullNameRequired),
  email: emailField,
  phone: optional(30, SUPPORT_FORM_MESSAGES.phoneTooLong),
  userType: z.enum(['customer', 'driver', 'other', '']).optional(),
  subject,
  message,
});

export const driverSupportFormSchema = z.object({
  name: fullNameField(VALIDATION.validFullNameRequired),
  email: emailField,
  driverLicense: optional(40, SUPPORT_FORM_MESSAGES.licenceTooLong),
  urgency: z.enum(['low', 'medium', 'high', '']).optional(),
  subject,
  message,
});
