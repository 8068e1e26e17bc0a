import { env } from '@/config/env.ts';

/** Prices carry a $ suffix (spec section 9). */
export function formatPrice(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}$`;
}

export function formatPostTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Server images may be paths on the gateway (`/images/…`); make them absolute. */
export function imageUrl(src: string): string {
  if (!src) return src;
  if (/^(https?:|data:|blob:)/.test(src)) return src;
  return `${env.apiUrl}${src.startsWith('/') ? '' : '/'}${src}`;
}

/** A month and year ('May 2024'), for how long someone has been a member. */
export function formatMonth(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}
