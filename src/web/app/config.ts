/**
 * Public settings the server writes into index.html (a meta tag, since the CSP forbids inline scripts).
 * Nothing secret is ever put there.
 */
import { BRAND_DEFAULT } from '../../shared/constants.ts';

export interface PublicConfig {
  brandName: string;
  supportEmail: string;
  driversEmail: string;
  supportPhone: string;
  appEnv: 'development' | 'production' | 'staging' | 'preview';
  appUrl: string;
}

const FALLBACK: PublicConfig = {
  brandName: BRAND_DEFAULT,
  supportEmail: 'support@shuttlequote.example',
  driversEmail: 'drivers@shuttlequote.example',
  supportPhone: '',
  appEnv: 'development',
  appUrl: typeof location === 'undefined' ? '' : location.origin,
};

function read(): PublicConfig {
  if (typeof document === 'undefined') return FALLBACK;
  const raw = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!raw || raw === '__APP_CONFIG__') return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(raw) as Partial<PublicConfig>) };
  } catch {
    return FALLBACK;
  }
}

export const config: PublicConfig = read();
export const isProductionApp = config.appEnv === 'production';
