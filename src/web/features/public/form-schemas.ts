/**
 * The contact and driver-support forms in the browser: the shared rules (src/shared/validation/support-forms.ts,
 * which the API checks again) plus the honeypot field that only the browser form has.
 */

import { contactFormSchema, driverSupportFormSchema } from '../../../shared/validation/support-forms.ts';
import { z } from '../../../shared/validation/z.ts';

export const contactSchema = contactFormSchema.extend({ website: z.string() });
export type ContactInput = z.input<typeof contactSchema>;

export const driverSupportSchema = driverSupportFormSchema.extend({ website: z.string() });
export type DriverSupportInput = z.input<typeof driverSupportSchema>;
