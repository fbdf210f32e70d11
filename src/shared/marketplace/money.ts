/** Money is integer cents, AUD. */
import { PRICE_PER_KM_AUD } from '../constants.ts';

export const toCents = (aud: number) => Math.round(aud * 100);

let aud: Intl.NumberFormat | undefined;

export function formatAud(cents: number): string {
  // Made once: making a formatter costs more than formatting (issue 17).
  aud ??= new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
  return aud.format(cents / 100);
}

/** The indicative price of SPEC §1 and §9: 1.50 AUD per kilometre. */
export function indicativePriceCents(distanceKm: number): number {
  return Math.round(distanceKm * PRICE_PER_KM_AUD * 100);
}
