import { describe, expect, it } from 'vitest';
import { ConfigError, parseEventsConfig } from '#shared/config/env.ts';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '#shared/config/retry-schedule.ts';
import { attemptsOf, nextAttemptAt, queueDelaySeconds } from '#shared/webhooks/retry-schedule.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const secondsAfterNow = (date: Date | undefined) => (date ? (date.getTime() - NOW.getTime()) / 1000 : undefined);

describe('webhook retry schedule', () => {
  it('defaults to 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts', () => {
    const schedule = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);

    expect(schedule).toEqual([5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]);
    expect(attemptsOf(schedule)).toBe(8);
  });

  it('waits the n-th entry after the n-th failed attempt, and gives up after the last', () => {
    const schedule = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);
    const after = (attemptsMade: number) =>
      secondsAfterNow(nextAttemptAt({ schedule, attemptsMade, allowedAttempts: 8, now: NOW }));

    expect([1, 2, 3, 4, 5, 6, 7].map(after)).toEqual(schedule);
    expect(after(8)).toBeUndefined();
  });

  it('gives a manual retry exactly the one attempt it was granted', () => {
    const schedule = [1, 1];

    expect(nextAttemptAt({ schedule, attemptsMade: 4, allowedAttempts: 4, now: NOW })).toBeUndefined();
    expect(secondsAfterNow(nextAttemptAt({ schedule, attemptsMade: 4, allowedAttempts: 5, now: NOW }))).toBe(1);
  });

  it('reads WEBHOOK_RETRY_SCHEDULE as comma-separated seconds', () => {
    expect(parseRetrySchedule('1,1,1,1,1,1,1')).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(parseRetrySchedule(' 2 , 30 ')).toEqual([2, 30]);
  });

  it.each(['', 'a', '-1', '1,,2', '1.5', String(8 * 24 * 3600), Array(21).fill('1').join(',')])(
    'refuses %j',
    (text) => {
      expect(() => parseRetrySchedule(text)).toThrow();
    },
  );

  it('fails the configuration, naming the variable, for a malformed schedule', () => {
    expect(() => parseEventsConfig({ WEBHOOK_RETRY_SCHEDULE: '5,soon' })).toThrow(ConfigError);
    expect(() => parseEventsConfig({ WEBHOOK_RETRY_SCHEDULE: '5,soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(parseEventsConfig({}).retrySchedule).toEqual(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE));
  });

  it('delays a queue message by the whole seconds left, at most the 15 minutes SQS allows', () => {
    const later = (ms: number) => new Date(NOW.getTime() + ms);

    expect(queueDelaySeconds(later(1200), NOW)).toBe(2);
    expect(queueDelaySeconds(later(-5000), NOW)).toBe(0);
    expect(queueDelaySeconds(later(10 * 3600 * 1000), NOW)).toBe(900);
  });
});

describe('the attempt lease', () => {
  it('defaults to 60 s and takes WEBHOOK_ATTEMPT_LEASE_S from 20 s, longer than one attempt may take', () => {
    expect(parseEventsConfig({}).attemptLeaseMs).toBe(60_000);
    expect(parseEventsConfig({ WEBHOOK_ATTEMPT_LEASE_S: '20' }).attemptLeaseMs).toBe(20_000);
    expect(() => parseEventsConfig({ WEBHOOK_ATTEMPT_LEASE_S: '5' })).toThrow(/WEBHOOK_ATTEMPT_LEASE_S/);
  });
});
