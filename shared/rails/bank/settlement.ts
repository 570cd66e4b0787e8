/**
 * When a payment lands: a rail's calendar (its time zone, cut-off, business days and holidays) turns the moment a
 * payment is filed into the moment it is expected to settle. Pure; the dates and the reasons for them are in
 * `README.md` ("When it lands").
 */
export type SettlementCalendar =
  | { kind: 'instant'; seconds: number }
  | {
      kind: 'business-days';
      timeZone: string;
      /** `HH:MM` local: filed later (or on a closed day), a payment executes on the next business day. */
      cutoff: string;
      /** Business days from execution to settlement (0: the execution day). */
      days: number;
      /** `HH:MM` local on the settlement day by which it is credited. */
      settledBy: string;
      /** Closed days besides Saturdays and Sundays: `MM-DD` every year, or a `YYYY-MM-DD`. */
      holidays: readonly string[];
      /**
       * A same-day service the originator may be enabled for (same-day ACH): its own cut-off and credit time, and the
       * largest payment it carries (a decimal string).
       */
      sameDay?: { cutoff: string; settledBy: string; maxAmount: string };
    };

type BusinessDays = Extract<SettlementCalendar, { kind: 'business-days' }>;

/** One formatter per time zone: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The date (`YYYY-MM-DD`) and time (`HH:MM`) on the clocks of `timeZone` at `at`. */
function localParts(at: Date, timeZone: string) {
  const parts = formatterOf(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** The instant at which the clocks of `timeZone` show `date` `time`. */
function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${date}T${time}:00Z`);
  let guess = wanted;
  for (let round = 0; round < 2; round++) {
    const shown = localParts(new Date(guess), timeZone);
    guess += wanted - Date.parse(`${shown.date}T${shown.time}:00Z`);
  }
  return new Date(guess);
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function isBusinessDay(calendar: BusinessDays, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !calendar.holidays.includes(date) && !calendar.holidays.includes(date.slice(5));
}

export function addBusinessDays(calendar: BusinessDays, date: string, days: number): string {
  let day = date;
  for (let left = days; left > 0; ) {
    day = nextDate(day);
    if (isBusinessDay(calendar, day)) left--;
  }
  return day;
}

/** The business day a payment filed at `at` executes on: today before the cut-off, else the next one open. */
export function executionDay(calendar: BusinessDays, at: Date): string {
  const local = localParts(at, calendar.timeZone);
  if (isBusinessDay(calendar, local.date) && local.time < calendar.cutoff) return local.date;
  let day = nextDate(local.date);
  while (!isBusinessDay(calendar, day)) day = nextDate(day);
  return day;
}

/**
 * When a payment filed at `at` lands, the one answer both its file and its withdrawal give: the execution date the
 * file requests, the settlement date (an ACH file's effective entry date: the day the originator intends it to
 * settle) and the moment it is expected on the creditor's account. With `sameDay` (and a calendar offering it) the
 * payment settles on the first business day it reaches before the same-day cut-off; otherwise `days` business days
 * after its execution day. See README.md ("When it lands").
 */
export type Landing = { executionDate: string; settlementDate: string; expectedAt: Date };

export function landingOf(calendar: SettlementCalendar, at: Date, options: { sameDay: boolean }): Landing {
  if (calendar.kind === 'instant') {
    const expectedAt = new Date(at.getTime() + calendar.seconds * 1000);
    return {
      executionDate: at.toISOString().slice(0, 10),
      settlementDate: expectedAt.toISOString().slice(0, 10),
      expectedAt,
    };
  }
  if (options.sameDay && calendar.sameDay) {
    const day = executionDay({ ...calendar, cutoff: calendar.sameDay.cutoff }, at);
    return {
      executionDate: day,
      settlementDate: day,
      expectedAt: zonedInstant(day, calendar.sameDay.settledBy, calendar.timeZone),
    };
  }
  const executionDate = executionDay(calendar, at);
  const settlementDate = addBusinessDays(calendar, executionDate, calendar.days);
  return {
    executionDate,
    settlementDate,
    expectedAt: zonedInstant(settlementDate, calendar.settledBy, calendar.timeZone),
  };
}

/**
 * When the debtor's bank books a payment due on `day` (the date its rail books the debit on: `debitBookedOn` of the
 * rail's descriptor), were the bank to book it no earlier than `at`: on `day`, or, past it, on the first business
 * day `at` reaches; never before `day` and never on a closed day. The moment is `at` or the start of that day,
 * whichever is later; the day's start on the rail's clocks and in UTC alike, so the moment's date reads as the
 * booking day in both. An instant rail books at `at`, any day.
 */
export function bookingOf(calendar: SettlementCalendar, day: string, at: Date): { date: string; at: Date } {
  if (calendar.kind === 'instant') return { date: at.toISOString().slice(0, 10), at };
  const reached = localParts(at, calendar.timeZone).date;
  let date = day > reached ? day : reached;
  while (!isBusinessDay(calendar, date)) date = nextDate(date);
  const start = Math.max(zonedInstant(date, '00:00', calendar.timeZone).getTime(), Date.parse(`${date}T00:00:00Z`));
  return { date, at: new Date(Math.max(at.getTime(), start)) };
}
