import { applyKycVerdict } from '#shared/customers/apply-kyc-verdict.ts';
import { changeKycLevel } from '#shared/customers/change-kyc-level.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { submitKyc } from '#shared/customers/submit-kyc.ts';
import { WriteConditionFailedError } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { HttpError } from '#shared/errors.ts';
import { type KycProvider, type ProviderEvent, ProviderPayloadError } from '#shared/kyc/port.ts';
import { configuredKycProvider } from '#shared/kyc/providers.ts';
import {
  findCustomerOfApplicant,
  hasProviderEvent,
  PROVIDER_EVENT_ROLE,
  providerEventReceipt,
} from '#shared/kyc/repository.ts';
import {
  WEBHOOK_MALFORMED,
  WEBHOOK_OUTSIDE_WINDOW,
  WEBHOOK_PROVIDER_NOT_CONFIGURED,
  WEBHOOK_SIGNATURE_INVALID,
} from '#shared/kyc/webhook-rules.ts';
import { log } from '#shared/log.ts';
import type { KycProviderName } from '#shared/organizations/kyc-providers.ts';

/** A clock ahead of ours by more than this is a forged or broken timestamp, not skew. */
const FUTURE_SKEW_MS = 5 * 60_000;

export type WebhookOutcome = {
  received: true;
  /** What the event did: `applied`, or why nothing changed (`duplicate`, `ignored`, `unknown applicant`, `stale`). */
  outcome: 'applied' | 'duplicate' | 'ignored' | 'unknown applicant' | 'stale';
};

/**
 * A KYC provider's webhook: authenticated by its signature over the raw body (constant time), refused outside the
 * replay window, applied at most once (the event's receipt is written in the same transaction as the change it
 * makes), and mapped onto the customer's KYC: a verdict through `applyKycVerdict` (an approval with the identity
 * the provider verified, fetched from it), a submission as `submitKyc`, a level as `changeKycLevel`. An event that
 * changes nothing (already decided, a type the service does not act on) is acknowledged, so the provider stops
 * resending it.
 */
export async function receiveProviderWebhook(
  deps: Deps,
  input: { provider: KycProviderName; body: Buffer; header: (name: string) => string | undefined },
): Promise<WebhookOutcome> {
  const provider = await configuredKycProvider(deps, input.provider);
  if (!provider) throw WEBHOOK_PROVIDER_NOT_CONFIGURED.error(input.provider);
  const event = readEvent(provider, input.body, input.header);
  const now = deps.clock.now();
  const maxAgeMs = deps.config.kycProviders.webhookMaxAgeSeconds * 1000;
  const age = now.getTime() - event.createdAt.getTime();
  if (Number.isNaN(age) || age > maxAgeMs || age < -FUTURE_SKEW_MS) throw WEBHOOK_OUTSIDE_WINDOW.error();
  if (await hasProviderEvent(deps.db, input.provider, event.eventId)) return { received: true, outcome: 'duplicate' };
  const link = await findCustomerOfApplicant(deps.db, input.provider, event.applicantId);
  if (!link) {
    log.warn('a KYC provider event names an applicant of no customer', { provider: input.provider });
    return { received: true, outcome: 'unknown applicant' };
  }
  const where = { organizationId: link.organizationId, customerId: link.customerId };
  // The receipt outlives the window: a copy arriving later is refused as too old, one within it finds the receipt.
  const alongside = () => [
    providerEventReceipt(deps.db, {
      provider: input.provider,
      eventId: event.eventId,
      applicantId: event.applicantId,
      kind: event.happened.kind,
      now,
      keepSeconds: deps.config.kycProviders.webhookMaxAgeSeconds + 3600,
    }),
  ];
  try {
    return await apply(deps, provider, event, where, alongside);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === PROVIDER_EVENT_ROLE) {
      return { received: true, outcome: 'duplicate' };
    }
    // A refusal of the customers' rules (already approved, already rejected, in review): nothing to change.
    if (error instanceof HttpError && error.statusCode === 409) return { received: true, outcome: 'stale' };
    throw error;
  }
}

function readEvent(provider: KycProvider, body: Buffer, header: (name: string) => string | undefined) {
  try {
    const event = provider.readWebhook(body, header);
    if (!event) throw WEBHOOK_SIGNATURE_INVALID.error();
    return event;
  } catch (error) {
    if (error instanceof ProviderPayloadError) throw WEBHOOK_MALFORMED.error(error.message);
    throw error;
  }
}

async function apply(
  deps: Deps,
  provider: KycProvider,
  event: ProviderEvent,
  where: { organizationId: string; customerId: string },
  alongside: () => ReturnType<typeof providerEventReceipt>[],
): Promise<WebhookOutcome> {
  const { happened } = event;
  switch (happened.kind) {
    case 'reviewed': {
      if (happened.verdict.answer === 'REJECTED') {
        await applyKycVerdict(deps, { ...where, verdict: happened.verdict, alongside });
        return { received: true, outcome: 'applied' };
      }
      const customer = await requireCustomer(deps, where.organizationId, where.customerId);
      if (customer.kycStatus === 'APPROVED') return { received: true, outcome: 'stale' };
      const identity = await provider.verifiedIdentity(event.applicantId, { address: customer.address });
      await applyKycVerdict(deps, { ...where, verdict: { answer: 'APPROVED', identity }, alongside });
      return { received: true, outcome: 'applied' };
    }
    case 'pending':
      await submitKyc(deps, { ...where, alongside });
      return { received: true, outcome: 'applied' };
    case 'levelChanged':
      if (!happened.level) return { received: true, outcome: 'ignored' };
      await changeKycLevel(deps, { ...where, levelName: happened.level, alongside });
      return { received: true, outcome: 'applied' };
    case 'ignored':
      return { received: true, outcome: 'ignored' };
  }
}
