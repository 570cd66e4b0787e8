import { customerNames } from '#shared/console/common/customer-names.ts';
import { listAuditEntries, listMembersOfOrganization } from '#shared/console/common/repository.ts';
import { toConsoleTransaction } from '#shared/console/views/transaction-rows.ts';
import type { TransactionStory } from '#shared/console/views/transaction-view-schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import { paymentFileName } from '#shared/payouts/payout-rail.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { locate, TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import {
  allWebhookEndpointsOfOrganization,
  deletedWebhookEndpointsOfOrganization,
  deliveriesOfEndpointMentioning,
} from '#shared/webhooks/repository.ts';

/** Deliveries shown per endpoint: a payout's events are few (created, each status change). */
const DELIVERIES_PER_ENDPOINT = 20;
const OPERATOR_PREFIX = 'operator:';

/** Who created it; a withdrawal stored before its key was recorded names none (withdrawals take a key). */
function created(record: TransactionRecord): TransactionStory['created'] {
  const at = record.createdAt;
  if (record.createdBy) {
    const { apiKeyId, hint } = record.createdBy;
    return { at, by: `API key ${hint}`, apiKey: { id: apiKeyId, hint } };
  }
  if (record.type === 'WITHDRAWAL') return { at, by: 'An API key (which one was not recorded then)', apiKey: null };
  return { at, by: record.txHash ? 'USDC received on-chain' : 'A bank transfer to the deposit account', apiKey: null };
}

/** What the bank said: a booking (its date), a rejection or a return (its reason), or nothing yet. */
function bankOutcome(record: TransactionRecord): TransactionStory['bank'] {
  if (record.type !== 'WITHDRAWAL' || !record.paymentFileId) {
    return { outcome: 'not-sent', at: null, reason: record.status === 'FAILED' ? record.failureReason : null };
  }
  if (record.status === 'COMPLETED') return { outcome: 'booked', at: record.completedAt, reason: null };
  if (record.status === 'FAILED') {
    // A payout that was booked and came back keeps its booking time.
    return {
      outcome: record.completedAt ? 'returned' : 'rejected',
      at: record.updatedAt,
      reason: record.failureReason,
    };
  }
  return { outcome: 'awaiting-report', at: null, reason: null };
}

/** The reason a member or the operator gave for rejecting it: in the audit entry of the rejection. */
async function rejectionReason(deps: Deps, record: TransactionRecord): Promise<string | null> {
  const before = new Date(new Date(record.updatedAt).getTime() + 1000).toISOString();
  for (const action of ['withdrawal.rejected', 'withdrawal.rejected_by_operator']) {
    const entries = await listAuditEntries(deps.db, record.organizationId, { limit: 20, before, action });
    const entry = entries.find((candidate) => candidate.target === record.transactionId);
    if (entry) return entry.details.reason ?? null;
  }
  return null;
}

async function webhookDeliveries(
  deps: Deps,
  record: TransactionRecord,
): Promise<TransactionStory['webhookDeliveries']> {
  // A deleted endpoint's deliveries are part of the story as long as they are kept.
  const [current, deleted] = await Promise.all([
    allWebhookEndpointsOfOrganization(deps.db, record.organizationId),
    deletedWebhookEndpointsOfOrganization(deps.db, record.organizationId),
  ]);
  const endpoints = [...current, ...deleted];
  const perEndpoint = await Promise.all(
    endpoints.map(async (endpoint) =>
      (
        await deliveriesOfEndpointMentioning(deps.db, record.organizationId, endpoint.endpointId, {
          since: record.createdAt,
          mentioning: record.transactionId,
          limit: DELIVERIES_PER_ENDPOINT,
        })
      ).map((delivery) => ({
        id: delivery.deliveryId,
        endpointUrl: endpoint.url,
        eventType: delivery.eventType,
        status: delivery.status,
        attempts: delivery.attempts,
        createdAt: delivery.createdAt,
        lastAttemptAt: delivery.lastAttemptAt,
        lastResponseStatus: delivery.lastResponseStatus,
      })),
    ),
  );
  return perEndpoint.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * A transaction's whole story for the console: how it was created, each approval (a member's passkey signature or
 * the operator's), a rejection with its reason, the payment file it left in, the bank's answer and every webhook
 * delivery about it. Another organization's transaction is not found.
 */
export async function getTransactionStory(
  deps: Deps,
  input: { organizationId: string; transactionId: string },
): Promise<TransactionStory> {
  const { organizationId, transactionId } = input;
  const locator = await locate(deps, organizationId, transactionId);
  const record = await getTransactionOfCustomer(deps.db, organizationId, locator.customerId, transactionId);
  if (!record) throw TRANSACTION_NOT_FOUND.error();
  const [names, members, file, deliveries, reason] = await Promise.all([
    customerNames(deps.db, organizationId, [record]),
    listMembersOfOrganization(deps.db, organizationId),
    record.paymentFileId ? getPaymentFile(deps.db, record.paymentFileId) : undefined,
    webhookDeliveries(deps, record),
    record.status === 'CANCELLED' && record.cancelledBy !== 'api' ? rejectionReason(deps, record) : null,
  ]);
  const memberName = new Map(members.map((member) => [member.email, member.name]));
  return {
    transaction: toConsoleTransaction(record, names),
    created: created(record),
    approvals: record.approvals.map((approval) => ({
      approver: approval.approver,
      name: memberName.get(approval.approver) ?? null,
      approvedAt: approval.approvedAt,
      passkeySigned: !approval.approver.startsWith(OPERATOR_PREFIX),
    })),
    cancelled:
      record.status === 'CANCELLED' && record.cancelledBy
        ? {
            by: memberName.get(record.cancelledBy) ?? (record.cancelledBy === 'api' ? 'the API' : record.cancelledBy),
            at: record.updatedAt,
            reason,
          }
        : null,
    paymentFile: file
      ? {
          messageId: file.messageId,
          fileName: paymentFileName(file),
          status: file.status,
          createdAt: file.createdAt,
          payments: file.payments.length,
        }
      : null,
    bank: bankOutcome(record),
    webhookDeliveries: deliveries,
  };
}
