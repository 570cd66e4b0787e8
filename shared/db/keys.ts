/**
 * Every key of the single table, assembled from the areas: each area declares its pure key builders and the parts of
 * the table it owns in its own `keys.ts` (the way ElectroDB declares keys on the entity), and nothing else builds a
 * key string. This module imports the areas' `keys.ts` and `table-keys.ts` alone, which import nothing but that
 * leaf, so no area's code comes along. Tested without a database: every builder's output against a committed table,
 * and no two areas owning overlapping parts (test/unit/db). The access patterns, one row per key, are in
 * `shared/db/README.md`.
 *
 * Tenant isolation is structural: every customer-owned item lives under a partition key that starts with
 * the organization id taken from the authenticated API key, so another organization's key can only ever
 * address its own partitions and sees a missing item (404), never someone else's.
 */
import { BANK_CREDIT_KEY_SPACES, bankCreditKeys } from '#shared/bank-credits/keys.ts';
import { BANK_TRANSFER_KEY_SPACES, bankTransferKeys } from '#shared/bank-transfer/keys.ts';
import { BANK_KEY_SPACES, bankKeys } from '#shared/banks/keys.ts';
import { CONSOLE_KEY_SPACES, consoleKeys } from '#shared/console/keys.ts';
import { CUSTODY_KEY_SPACES, custodyKeys } from '#shared/custody/keys.ts';
import { CUSTOMER_KEY_SPACES, customerKeys } from '#shared/customers/keys.ts';
import { TABLE_KEY_SPACES, tableKeys } from '#shared/db/table-keys.ts';
import { DEPOSIT_KEY_SPACES, depositKeys } from '#shared/deposits/keys.ts';
import { DEVELOPER_FEE_KEY_SPACES, developerFeeKeys } from '#shared/developer-fees/keys.ts';
import { EVENT_KEY_SPACES, eventKeys } from '#shared/events/keys.ts';
import { KYC_PROVIDER_KEY_SPACES, kycProviderKeys } from '#shared/kyc/keys.ts';
import { LEDGER_KEY_SPACES, ledgerKeys } from '#shared/ledger/keys.ts';
import { ORGANIZATION_KEY_SPACES, organizationKeys } from '#shared/organizations/keys.ts';
import { PAYOUT_OPERATION_KEY_SPACES, payoutOperationKeys } from '#shared/payout-operations/keys.ts';
import { PAYOUT_KEY_SPACES, payoutKeys } from '#shared/payouts/keys.ts';
import { QUOTE_KEY_SPACES, quoteKeys } from '#shared/quotes/keys.ts';
import { REVIEW_KEY_SPACES, reviewKeys } from '#shared/reviews/keys.ts';
import { SCREENING_KEY_SPACES, screeningKeys } from '#shared/screening/keys.ts';
import { TRANSACTION_KEY_SPACES, transactionKeys } from '#shared/transactions/keys.ts';
import { TRAVEL_RULE_KEY_SPACES, travelRuleKeys } from '#shared/travel-rule/keys.ts';
import { TREASURY_KEY_SPACES, treasuryKeys } from '#shared/treasury/keys.ts';
import { WAITING_KEY_SPACES, waitingKeys } from '#shared/waiting/keys.ts';
import { WALLET_KEY_SPACES, walletKeys } from '#shared/wallets/keys.ts';
import { WEBHOOK_KEY_SPACES, webhookKeys } from '#shared/webhooks/keys.ts';
import { WITHDRAWAL_KEY_SPACES, withdrawalKeys } from '#shared/withdrawals/keys.ts';

export { SESSION_KEY_PREFIX } from '#shared/console/keys.ts';
export {
  type Key,
  type KeySpace,
  type ListKey,
  RATE_LIMIT_KEY_PREFIX,
  TIMER_SHARDS,
  type TimerKey,
  type TimerKind,
  timerShard,
} from '#shared/db/table-keys.ts';
export { EVENT_KEY_PREFIX } from '#shared/events/keys.ts';
export { API_KEY_KEY_PREFIX } from '#shared/organizations/keys.ts';

/** Each owner of keys: its builders and the parts of the table it owns. */
export const KEY_AREAS = {
  table: { keys: tableKeys, spaces: TABLE_KEY_SPACES },
  organizations: { keys: organizationKeys, spaces: ORGANIZATION_KEY_SPACES },
  customers: { keys: customerKeys, spaces: CUSTOMER_KEY_SPACES },
  banks: { keys: bankKeys, spaces: BANK_KEY_SPACES },
  wallets: { keys: walletKeys, spaces: WALLET_KEY_SPACES },
  events: { keys: eventKeys, spaces: EVENT_KEY_SPACES },
  webhooks: { keys: webhookKeys, spaces: WEBHOOK_KEY_SPACES },
  transactions: { keys: transactionKeys, spaces: TRANSACTION_KEY_SPACES },
  withdrawals: { keys: withdrawalKeys, spaces: WITHDRAWAL_KEY_SPACES },
  ledger: { keys: ledgerKeys, spaces: LEDGER_KEY_SPACES },
  'developer-fees': { keys: developerFeeKeys, spaces: DEVELOPER_FEE_KEY_SPACES },
  quotes: { keys: quoteKeys, spaces: QUOTE_KEY_SPACES },
  payouts: { keys: payoutKeys, spaces: PAYOUT_KEY_SPACES },
  deposits: { keys: depositKeys, spaces: DEPOSIT_KEY_SPACES },
  custody: { keys: custodyKeys, spaces: CUSTODY_KEY_SPACES },
  treasury: { keys: treasuryKeys, spaces: TREASURY_KEY_SPACES },
  'travel-rule': { keys: travelRuleKeys, spaces: TRAVEL_RULE_KEY_SPACES },
  console: { keys: consoleKeys, spaces: CONSOLE_KEY_SPACES },
  reviews: { keys: reviewKeys, spaces: REVIEW_KEY_SPACES },
  screening: { keys: screeningKeys, spaces: SCREENING_KEY_SPACES },
  'bank-credits': { keys: bankCreditKeys, spaces: BANK_CREDIT_KEY_SPACES },
  'bank-transfer': { keys: bankTransferKeys, spaces: BANK_TRANSFER_KEY_SPACES },
  kyc: { keys: kycProviderKeys, spaces: KYC_PROVIDER_KEY_SPACES },
  'payout-operations': { keys: payoutOperationKeys, spaces: PAYOUT_OPERATION_KEY_SPACES },
  waiting: { keys: waitingKeys, spaces: WAITING_KEY_SPACES },
} as const;

export const keys = {
  ...tableKeys,
  ...organizationKeys,
  ...customerKeys,
  ...bankKeys,
  ...walletKeys,
  ...eventKeys,
  ...webhookKeys,
  ...transactionKeys,
  ...withdrawalKeys,
  ...ledgerKeys,
  ...developerFeeKeys,
  ...quoteKeys,
  ...payoutKeys,
  ...depositKeys,
  ...custodyKeys,
  ...treasuryKeys,
  ...travelRuleKeys,
  ...consoleKeys,
  ...reviewKeys,
  ...screeningKeys,
  ...bankCreditKeys,
  ...bankTransferKeys,
  ...kycProviderKeys,
  ...payoutOperationKeys,
  ...waitingKeys,
} as const;
