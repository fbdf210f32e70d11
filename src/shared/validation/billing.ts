/** The billing forms and filters (issue 15): an admin's payment, a void, the statements filter. */
import { adminReasonSchema } from '../admin/users.ts';
import { BILLING_MESSAGES as M, RECEIPT_MESSAGES, RECEIPT_METHODS, STATEMENT_STATUSES } from '../billing.ts';
import { z } from './z.ts';

/** A bank payment an administrator records: the amount received (AUD) and the bank's reference. */
export const recordPaymentSchema = z.object({
  amount: z.coerce
    .number({ error: M.amountMustBeTotal })
    .positive({ error: M.amountMustBeTotal })
    .max(1_000_000, { error: M.amountMustBeTotal }),
  reference: z
    .string({ error: M.referenceRequired })
    .trim()
    .min(1, { error: M.referenceRequired })
    .max(100, { error: M.referenceTooLong }),
});

export const voidStatementSchema = adminReasonSchema;

export const statementFilterSchema = z.object({
  status: z.enum(STATEMENT_STATUSES, { error: M.badStatus }).optional(),
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.badPeriod })
    .optional(),
});

/** The driver marks a completed trip paid: how, and how much (the agreed fare unless less was asked). */
export const markPaidSchema = z.object({
  method: z.enum(Object.keys(RECEIPT_METHODS) as [keyof typeof RECEIPT_METHODS], {
    error: RECEIPT_MESSAGES.chooseMethod,
  }),
  amount: z.coerce
    .number({ error: RECEIPT_MESSAGES.amountRange })
    .positive({ error: RECEIPT_MESSAGES.amountRange })
    .optional(),
});
