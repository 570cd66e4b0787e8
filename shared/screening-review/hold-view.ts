import type { ScreeningHold } from '#shared/screening/records.ts';
import type { HoldView } from '#shared/screening-review/schemas.ts';

export const toHoldView = (hold: ScreeningHold): HoldView => ({
  holdId: hold.holdId,
  kind: hold.subject.kind,
  customerId: hold.subject.customerId,
  bankId: hold.subject.kind === 'bank' ? hold.subject.bankId : null,
  screened: hold.screened,
  hit: hold.hit,
  status: hold.status,
  createdAt: hold.createdAt,
  decidedAt: hold.decidedAt,
  decidedBy: hold.decidedBy,
  reason: hold.reason,
});
