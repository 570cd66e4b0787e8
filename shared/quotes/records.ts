import * as z from '#shared/validation/zod.ts';

/**
 * The latest reference rates of the ECB as stored (`REFERENCERATES#ECB`), shared by every live organization on
 * `REFERENCE_RATES_SOURCE=ecb`: its reference day and US dollars per euro, exactly as published.
 */
export const ReferenceRatesRecordSchema = z.object({
  source: z.literal('ECB'),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  usdPerEur: z.string().check(z.regex(/^\d{1,6}(\.\d{1,10})?$/)),
  fetchedAt: z.string(),
});
export type ReferenceRatesRecord = z.infer<typeof ReferenceRatesRecordSchema>;
