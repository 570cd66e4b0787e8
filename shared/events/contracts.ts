import { z } from 'zod';

/** The webhook envelope of API.md section 8; `data` is typed per event type. */
export const EVENT_TYPES = [
  'customer.created',
  'customer.kyc.approved',
  'customer.kyc.rejected',
  'withdrawal_bank.created',
  'withdrawal_bank.approved',
  'withdrawal_bank.rejected',
  'withdrawal.created',
  'withdrawal.status_changed',
  'deposit.created',
  'deposit.status_changed',
  'webhook.test',
] as const;

export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const CustomerEventDataSchema = z.object({ customer_id: z.string() });

export const EventEnvelopeSchema = z.object({
  event_id: z.string(),
  event_type: EventTypeSchema,
  created_at: z.string(),
  api_version: z.literal('v2'),
  org_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;
