import type { components } from '#infra/openapi/generated/console-api-types.ts';

/**
 * How the console writes values for people: local times with their zone, amounts grouped by thousands (as text:
 * money is never a float here), IBANs in groups of four, codes in words.
 */

const TIME = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const TIME_TO_THE_SECOND = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});
const DAY = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2026-11-21T10:00:00.000Z` -> `21 Nov 2026, 11:00 CET` in the browser's zone; null -> a dash. */
export const localTime = (at: string | null | undefined) => (at ? TIME.format(new Date(at)) : '—');

/** As `localTime`, to the second: tells apart things made in the same minute (two batches of one payroll run). */
export const localTimeToTheSecond = (at: string | null | undefined) =>
  at ? TIME_TO_THE_SECOND.format(new Date(at)) : '—';

/** A calendar day as the bank gave it (a booking date), without moving it into the browser's zone. */
export const calendarDay = (at: string | null | undefined) => (at ? DAY.format(new Date(at)) : '—');

/** A local calendar day as the instant it starts (or, for `to`, the instant the next day starts), with its zone. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + (end ? 1 : 0)).toISOString();
}

/** `1 member`, `2 members`: a count with its noun, plural unless one. */
export const counted = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;

/** `1234567.5` -> `1,234,567.5`: the integer part grouped by threes, the decimals as given. */
export function groupDigits(amount: string): string {
  const [whole = '', fraction] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '−' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

export const money = (amount: string | null | undefined, currency: string) =>
  amount ? `${groupDigits(amount)} ${currency}` : '—';

/** `DE89370400440532013000` -> `DE89 3704 0044 0532 0130 00`. */
export const ibanGroups = (iban: string | null | undefined) => (iban ? iban.replace(/(.{4})(?=.)/g, '$1 ') : '—');

/** An IBAN in groups of four; a domestic account number as it is. */
export const accountText = (account: string) =>
  /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(account) ? ibanGroups(account) : account;

type PayeeConfirmation = components['schemas']['ConsolePayeeConfirmation'];

/** A Verification of Payee answer: a short badge, and what it means for the member deciding. */
export const PAYEE_RESULT_WORDS: Record<PayeeConfirmation['result'], { badge: string; text: string }> = {
  MATCH: { badge: 'Match', text: "Match: the payee's bank holds this name" },
  CLOSE_MATCH: { badge: 'Close match', text: "Close match: the payee's bank holds a similar name" },
  NO_MATCH: { badge: 'No match', text: "No match: the payee's bank holds another name" },
  NOT_POSSIBLE: { badge: 'Not checked', text: "Not possible: the payee's bank could not check the name" },
  NOT_APPLICABLE: { badge: 'No check', text: 'No check: no name check scheme covers this account' },
};

/** Whom a withdrawal bank pays, as the bank's recipient type says. */
export const RECIPIENT_WORDS: Record<PayeeConfirmation['recipientType'], string> = {
  CUSTOMER: "The customer's own account",
  OTHER_INDIVIDUAL: 'Another person',
  OTHER_BUSINESS: 'Another business',
};

/** `PARTIALLY_SIGNED` -> `Partially signed`. */
export const words = (code: string) => {
  const text = code.replaceAll(/[_.-]/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Basis points as a percentage: 50 -> `0.50 %`. */
export const percentOfBps = (bps: number) => `${(bps / 100).toFixed(2)} %`;

/** Minutes in the largest whole unit: 1440 -> `24 hours`, 90 -> `90 minutes`, 10080 -> `7 days`. */
export function duration(minutes: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day').replace(/^1 day$/, '24 hours');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

/** USDC has 6 decimals: the sums below are exact integers of millionths, never floats. */
const USDC_PLACES = 6;
const millionths = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const value = BigInt(whole + fraction.padEnd(USDC_PLACES, '0').slice(0, USDC_PLACES));
  return amount.startsWith('-') ? -value : value;
};

/** `1480.5` + `20.00` -> `1500.50`: exact, with at least two decimals. */
export function addUsdc(a: string, b: string): string {
  const sum = millionths(a) + millionths(b);
  const digits = (sum < 0n ? -sum : sum).toString().padStart(USDC_PLACES + 1, '0');
  const fraction = digits.slice(-USDC_PLACES).replace(/0+$/, '').padEnd(2, '0');
  return `${sum < 0n ? '-' : ''}${digits.slice(0, -USDC_PLACES)}.${fraction}`;
}

const AGE_UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * Seconds as an age in its two largest units: 93784 -> `1 day 2 hours`, 310 -> `5 minutes 10 seconds`, 0 -> `under a
 * second`.
 */
export function age(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const first = AGE_UNITS.findIndex(([, size]) => total >= size);
  if (first === -1) return 'under a second';
  const parts: string[] = [];
  let rest = total;
  for (const [name, size] of AGE_UNITS.slice(first, first + 2)) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(counted(count, name));
  }
  return parts.join(' ');
}
