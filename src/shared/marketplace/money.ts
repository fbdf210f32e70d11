/** Money is integer cents, AUD. */
import { PRICE_PER_KM_AUD } from '../constants.ts';

export const toCents = (aud: number) => Math.round(aud * 100);

export function formatAud(cents: number): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);
}

/** The indicative price of SPEC §1 and §9: 1.50 AUD per kilometre. */
export function indicativePriceCents(distanceKm: number): number {
  return Math.round(distanceKm * PRICE_PER_KM_AUD * 100);
}
