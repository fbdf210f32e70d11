/**
 * Billing settings (issue 15) from the environment: the fee rate, who issues the tax invoices, where a
 * driver pays by bank transfer, and whether card payments (Stripe) are on.
 */
import { percentToBasisPoints } from '../../../shared/billing.ts';
import type { Env } from '../../env.ts';

export interface BankDetails {
  accountName: string;
  bsb: string;
  accountNumber: string;
}

export interface BillingSettings {
  feeBasisPoints: number;
  issuer: { name: string; abn: string | null };
  /** Null when not configured: drivers are told to ask support for them. */
  bank: BankDetails | null;
  /** Null unless both Stripe keys are set: then "Pay now" is offered. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  supportEmail: string;
}

/** The ATO's published example ABN: a valid checksum, used only outside production when none is set. */
const DEVELOPMENT_ABN = '51824753556';

export function billingSettings(env: Env): BillingSettings {
  const sample = !env.isProduction;
  const issuerName = env.PLATFORM_LEGAL_NAME ?? `${env.BRAND_NAME} Pty Ltd`;
  const bank =
    env.BANK_ACCOUNT_NAME && env.BANK_BSB && env.BANK_ACCOUNT_NUMBER
      ? {
          accountName: env.BANK_ACCOUNT_NAME,
          bsb: formatBsb(env.BANK_BSB),
          accountNumber: env.BANK_ACCOUNT_NUMBER,
        }
      : sample
        ? { accountName: issuerName, bsb: '000-000', accountNumber: '00000000' }
        : null;
  return {
    feeBasisPoints: percentToBasisPoints(env.PLATFORM_FEE_PERCENT),
    issuer: { name: issuerName, abn: env.PLATFORM_ABN ?? (sample ? DEVELOPMENT_ABN : null) },
    bank,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : null,
    supportEmail: env.SUPPORT_EMAIL,
  };
}

const formatBsb = (bsb: string) => bsb.replace(/^(\d{3})-?(\d{3})$/, '$1-$2');
