/**
 * Money and calendar days in the UI language's formats: an amount in its own currency ('$1,234.50', '¥10,000',
 * '1 234,50 $US'), a contract date ('YYYY-MM-DD', a calendar day, so read as UTC) and a month ('YYYY-MM').
 */
import type { Locale } from './locales';

export function formatMoney(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function formatMonth(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** A moment (a contract date-time) as date and time in the UI language, in the browser's time zone. */
export function formatMoment(at: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}
