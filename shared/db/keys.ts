/**
 * Every key of the single table, and nothing else builds a key string. Pure functions, tested without a
 * database. The access patterns, one row per key, are in `shared/db/README.md`.
 *
 * Tenant isolation is structural: every customer-owned item lives under a partition key that starts with
 * the organization id taken from the authenticated API key, so another organization's key can only ever
 * address its own partitions and sees a missing item (404), never someone else's.
 */

/** Every rate-limit counter's partition key starts with this: the one item kind every API function may update. */
export const RATE_LIMIT_KEY_PREFIX = 'RATELIMIT#';
/** The partition prefix of API key items (by hash), the only ones a key's use bookkeeping writes. */
export const API_KEY_KEY_PREFIX = 'APIKEY#';
/** Console sessions: the API routes a session may call update and delete these alone (shared/db/access.ts). */
export const SESSION_KEY_PREFIX = 'SESSION#';

export type Key = { pk: string; sk: string };
export type ListKey = { gsi1pk: string; gsi1sk: string };
export type TimerKey = { gsi2pk: string; gsi2sk: string };

const listSortKey = (createdAt: string, id: string) => `${createdAt}#${id}`;

export const keys = {
  /** One fixed window of a rate limit (`scope`: key, org, webhook-test, ...; `windowStart` in epoch seconds). */
  rateLimitWindow: (scope: string, id: string, windowStart: number): Key => ({
    pk: `${RATE_LIMIT_KEY_PREFIX}${scope}#${id}#${windowStart}`,
    sk: 'RATELIMIT',
  }),
  organization: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'ORG' }),

  apiKeyByHash: (keyHash: string): Key => ({ pk: `${API_KEY_KEY_PREFIX}${keyHash}`, sk: 'APIKEY' }),
  apiKeyById: (apiKeyId: string): Key => ({ pk: `APIKEYID#${apiKeyId}`, sk: 'APIKEYID' }),
  apiKeyListEntry: (organizationId: string, createdAt: string, apiKeyId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#APIKEYS`,
    gsi1sk: listSortKey(createdAt, apiKeyId),
  }),
  apiKeysOfOrganization: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#APIKEYS` }),

  /** One uploaded KYC document of a customer (its bytes are in the document store). */
  kycDocument: (organizationId: string, customerId: string, documentId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `KYCDOC#${documentId}`,
  }),
  customer: (organizationId: string, customerId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: 'CUSTOMER',
  }),
  customerListEntry: (organizationId: string, createdAt: string, customerId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMERS`,
    gsi1sk: listSortKey(createdAt, customerId),
  }),
  customersOfOrganization: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#CUSTOMERS` }),

  /** Everything a customer owns lives in the customer's partition, beside the customer item. */
  bank: (organizationId: string, customerId: string, bankId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `BANK#${bankId}`,
  }),
  bankListEntry: (organizationId: string, customerId: string, createdAt: string, bankId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#BANKS`,
    gsi1sk: listSortKey(createdAt, bankId),
  }),
  banksOfCustomer: (organizationId: string, customerId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#BANKS`,
  }),

  // Withdrawal banks and their deposit wallets.
  /** Points from a bank id to its owner, for operators who only have the id. */
  bankPointer: (bankId: string): Key => ({ pk: `BANKID#${bankId}`, sk: 'BANKID' }),
  /** Makes account details unique per customer; the sort key holds a hash, never the account number. */
  bankAccountDetails: (organizationId: string, customerId: string, detailsHash: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `BANKDETAILS#${detailsHash}`,
  }),
  wallet: (organizationId: string, customerId: string, walletId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `WALLET#${walletId}`,
  }),
  walletsOfCustomer: (organizationId: string, customerId: string) => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    skPrefix: 'WALLET#',
  }),
  /** A customer's wallets newest first; one creation's (a bank's) in derivation order: 2^31 minus the index. */
  walletListEntry: (org: string, customer: string, createdAt: string, index: number | null, id: string): ListKey => ({
    gsi1pk: `ORG#${org}#CUSTOMER#${customer}#WALLETS`,
    gsi1sk: `${createdAt}#${String(2 ** 31 - (index ?? 0)).padStart(10, '0')}#${id}`,
  }),
  walletList: (org: string, customer: string) => ({ gsi1pk: `ORG#${org}#CUSTOMER#${customer}#WALLETS` }),
  /** Addresses compare case-insensitively (EIP-55 is only a rendering), so the key holds the lower-case form. */
  walletAddress: (organizationId: string, address: string): Key => ({
    pk: `ORG#${organizationId}#ADDRESS#${address.toLowerCase()}`,
    sk: 'ADDRESS',
  }),
  /** Global, not per organization: every deposit address comes from the one platform key. */
  depositIndexCounter: (): Key => ({ pk: 'COUNTER#DEPOSIT_WALLET_INDEX', sk: 'COUNTER' }),

  depositReference: (reference: string): Key => ({ pk: `DEPOSITREF#${reference}`, sk: 'DEPOSITREF' }),

  event: (eventId: string): Key => ({ pk: `EVENT#${eventId}`, sk: 'EVENT' }),

  // Webhooks (events and webhooks area). An organization's endpoints share one partition so the sender reads
  // them all with one strongly consistent Query; each delivery has its own partition (they are written often).
  webhookEndpoint: (organizationId: string, endpointId: string): Key => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    sk: `ENDPOINT#${endpointId}`,
  }),
  webhookEndpointsOfOrganization: (organizationId: string) => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    skPrefix: 'ENDPOINT#',
  }),
  /** What a deleted endpoint leaves for as long as its deliveries are kept; never read by the fan-out's prefix. */
  webhookDeletedEndpoint: (organizationId: string, endpointId: string): Key => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    sk: `DELETEDENDPOINT#${endpointId}`,
  }),
  webhookDeletedEndpointsOfOrganization: (organizationId: string) => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    skPrefix: 'DELETEDENDPOINT#',
  }),
  webhookEndpointListEntry: (organizationId: string, createdAt: string, endpointId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINTS`,
    gsi1sk: listSortKey(createdAt, endpointId),
  }),
  webhookEndpointList: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINTS` }),
  webhookDelivery: (organizationId: string, deliveryId: string): Key => ({
    pk: `ORG#${organizationId}#WEBHOOKDELIVERY#${deliveryId}`,
    sk: 'WEBHOOKDELIVERY',
  }),
  webhookDeliveryListEntry: (
    organizationId: string,
    endpointId: string,
    createdAt: string,
    deliveryId: string,
  ): ListKey => ({
    gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINT#${endpointId}#DELIVERIES`,
    gsi1sk: listSortKey(createdAt, deliveryId),
  }),
  webhookDeliveriesOfEndpoint: (organizationId: string, endpointId: string) => ({
    gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINT#${endpointId}#DELIVERIES`,
  }),
  webhookRedelivery: (requestId: string): Key => ({ pk: `WEBHOOKREDELIVERY#${requestId}`, sk: 'WEBHOOKREDELIVERY' }),

  // Withdrawals and the ledger. Transactions live in the customer's partition; the pointer lets routes that
  // name only a transaction id (sandbox, operator) find it without a scan.
  transaction: (organizationId: string, customerId: string, transactionId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `TX#${transactionId}`,
  }),
  transactionListEntry: (organizationId: string, customerId: string, createdAt: string, transactionId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#TXS`,
    gsi1sk: listSortKey(createdAt, transactionId),
  }),
  /** On the transaction item too: the organization's transactions across its customers (console). */
  transactionOrganizationEntry: (organizationId: string, createdAt: string, transactionId: string) => ({
    gsi3pk: `ORG#${organizationId}#TXS`,
    gsi3sk: listSortKey(createdAt, transactionId),
  }),
  transactionsOfOrganization: (organizationId: string) => ({ gsi3pk: `ORG#${organizationId}#TXS` }),
  transactionsOfCustomer: (organizationId: string, customerId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#TXS`,
  }),
  transactionPointer: (organizationId: string, transactionId: string): Key => ({
    pk: `ORG#${organizationId}#TX#${transactionId}`,
    sk: 'TXPOINTER',
  }),
  /** The pointer's gsi1 entry: the operator CLI knows a transaction id but not its organization. */
  transactionPointerLookup: (transactionId: string): ListKey => ({
    gsi1pk: `TXPOINTER#${transactionId}`,
    gsi1sk: 'TXPOINTER',
  }),
  transactionReference: (reference: string): Key => ({ pk: `TXREFERENCE#${reference}`, sk: 'TXREFERENCE' }),
  idempotencyRecord: (organizationId: string, idempotencyKey: string): Key => ({
    pk: `ORG#${organizationId}#IDEMPOTENCY#${idempotencyKey}`,
    sk: 'IDEMPOTENCY',
  }),
  /** A withdrawal batch's idempotency record with the answer per item (shared/withdrawals/create-withdrawal-batch.ts). */
  withdrawalBatch: (organizationId: string, batchKey: string): Key => ({
    pk: `ORG#${organizationId}#WITHDRAWALBATCH#${batchKey}`,
    sk: 'WITHDRAWALBATCH',
  }),
  customerBalance: (organizationId: string, customerId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: 'BALANCE',
  }),
  allowance: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'ALLOWANCE' }),
  sandboxSettings: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'SANDBOX' }),
  /** The organization's developer fees: accrued and not yet claimed (micro-USDC). */
  developerFees: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'DEVELOPERFEES' }),
  /** The organization's own custodial USDC (claimed developer fees). */
  organizationBalance: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'BALANCE#USDC' }),
  /** One claim of developer fees, its id the `transactionId` the claim answers. */
  developerFeeClaim: (organizationId: string, claimId: string): Key => ({
    pk: `ORG#${organizationId}#FEECLAIMS`,
    sk: `CLAIM#${claimId}`,
  }),
  /** The latest published reference rates of a market-data source, shared by every live organization. */
  referenceRates: (source: 'ECB'): Key => ({ pk: `REFERENCERATES#${source}`, sk: 'LATEST' }),
  /**
   * A withdrawal waiting for a deadline (expiry while awaiting signatures, sandbox settlement while processing)
   * carries this sparse gsi2 entry; sweeps query the due part of each shard. Shards spread the writes of a busy
   * service over several index partitions.
   */
  withdrawalTimer: (kind: TimerKind, transactionId: string, dueAt: string): TimerKey => ({
    gsi2pk: `TIMER#${kind}#${timerShard(transactionId)}`,
    gsi2sk: `${dueAt}#${transactionId}`,
  }),
  timersDue: (kind: TimerKind, shard: number) => ({ gsi2pk: `TIMER#${kind}#${shard}` }),

  // The bank payout rail: one item per payment file, keyed by its message id (hex, so it shards).
  paymentFile: (messageId: string): Key => ({ pk: `PAYMENTFILE#${messageId}`, sk: 'PAYMENTFILE' }),
  /** How many ACH files an originator (its bank's routing number and company id) has created on a UTC day. */
  achFilesOfDay: (routingNumber: string, companyId: string, day: string): Key => ({
    pk: `COUNTER#ACHFILES#${routingNumber}#${companyId}#${day}`,
    sk: 'COUNTER',
  }),
  /** A payment file waiting to be written to the outbox (WRITE) or answered by the sandbox bank (ANSWER). */
  paymentFileTimer: (kind: TimerKind, messageId: string, dueAt: string): TimerKey => ({
    gsi2pk: `TIMER#${kind}#${timerShard(messageId)}`,
    gsi2sk: `${dueAt}#${messageId}`,
  }),

  // Wallets, virtual accounts and inbound deposits.
  virtualAccount: (organizationId: string, customerId: string, virtualAccountId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `VACCOUNT#${virtualAccountId}`,
  }),
  virtualAccountListEntry: (
    organizationId: string,
    customerId: string,
    createdAt: string,
    virtualAccountId: string,
  ): ListKey => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#VACCOUNTS`,
    gsi1sk: listSortKey(createdAt, virtualAccountId),
  }),
  virtualAccountsOfCustomer: (organizationId: string, customerId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#VACCOUNTS`,
  }),
  /** One virtual account per currency and customer; the item names it, so deposit details find it by key. */
  virtualAccountOfCurrency: (organizationId: string, customerId: string, currency: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `VACCOUNTCURRENCY#${currency}`,
  }),
  /** Points from a virtual account id to its owner, for operators who only have the id. */
  virtualAccountPointer: (virtualAccountId: string): Key => ({
    pk: `VACCOUNTID#${virtualAccountId}`,
    sk: 'VACCOUNTID',
  }),
  /** Global: an IBAN identifies one account wherever the payment comes from. */
  virtualAccountIban: (iban: string): Key => ({ pk: `VIBAN#${iban}`, sk: 'VIBAN' }),
  /**
   * One on-chain transfer is one log: chain + transaction hash + log index, processed once platform-wide however
   * often (and by however many watchers, or organizations) it is reported. Hashes are hex: the key holds lower case.
   */
  inboundTransfer: (chain: string, txHash: string, logIndex: number): Key => ({
    pk: `INBOUND#${chain}#${txHash.toLowerCase()}#${logIndex}`,
    sk: 'INBOUND',
  }),
  /**
   * Global, not per organization: an address the platform derived belongs to exactly one wallet of one
   * organization, and a chain watcher (which knows only the address) finds its owner here.
   */
  depositAddress: (address: string): Key => ({
    pk: `DEPOSITADDRESS#${address.toLowerCase()}`,
    sk: 'DEPOSITADDRESS',
  }),
  /** How far a chain's watcher has read: one item per chain. */
  chainCursor: (chain: string): Key => ({ pk: `CHAINCURSOR#${chain}`, sk: 'CHAINCURSOR' }),
  // Deposits in two stages: a transfer's stage (PROCESSING at first sighting, then COMPLETED or FAILED),
  // and, while it is PROCESSING, its entry in its chain's pending list, which the watcher reads to find the vanished.
  depositStage: (chain: string, txHash: string, logIndex: number): Key => ({
    pk: `DEPOSITSTAGE#${chain}#${txHash.toLowerCase()}#${logIndex}`,
    sk: 'DEPOSITSTAGE',
  }),
  depositPending: (chain: string, txHash: string, logIndex: number): Key => ({
    pk: `DEPOSITPENDING#${chain}`,
    sk: `${txHash.toLowerCase()}#${logIndex}`,
  }),
  depositsPending: (chain: string) => ({ pk: `DEPOSITPENDING#${chain}` }),

  // Custody: deposits credited to forwarder addresses and not yet swept (one partition per chain, read by
  // that chain's sweeper), the sweeps by relayer nonce, and each organization's custody totals per chain.
  sweepDue: (chain: string, address: string, txHash: string, logIndex: number): Key => ({
    pk: `SWEEPDUE#${chain}`,
    sk: `${address.toLowerCase()}#${txHash.toLowerCase()}#${logIndex}`,
  }),
  sweepsDue: (chain: string) => ({ pk: `SWEEPDUE#${chain}` }),
  /** Zero-padded, so the newest sweep is the last item of its chain's partition. */
  sweep: (chain: string, nonce: bigint): Key => ({ pk: `SWEEP#${chain}`, sk: `NONCE#${`${nonce}`.padStart(20, '0')}` }),
  sweepsOfChain: (chain: string) => ({ pk: `SWEEP#${chain}`, skPrefix: 'NONCE#' }),
  /** Mined sweeps whose treasuries' balances are not yet checked on chain: sparse, the check removes the entry. */
  sweepUnchecked: (chain: string, nonce: bigint): ListKey => ({
    gsi1pk: `SWEEPUNCHECKED#${chain}`,
    gsi1sk: `NONCE#${`${nonce}`.padStart(20, '0')}`,
  }),
  sweepsUncheckedOfChain: (chain: string) => ({ gsi1pk: `SWEEPUNCHECKED#${chain}` }),
  custodyTotals: (org: string, chain: string): Key => ({ pk: `ORG#${org}#CUSTODY`, sk: `CHAIN#${chain}` }),
  custodyTotalsOfOrganization: (org: string) => ({ pk: `ORG#${org}#CUSTODY`, skPrefix: 'CHAIN#' }),
  custodyTotalsListed: (org: string, chain: string): ListKey => ({ gsi1pk: `CUSTODY#${chain}`, gsi1sk: `ORG#${org}` }),
  custodyTotalsOfChain: (chain: string) => ({ gsi1pk: `CUSTODY#${chain}` }),
  sweptBeforeCredit: (chain: string, forwarder: string): Key => ({
    pk: `SWEPTBEFORECREDIT#${chain}`,
    sk: forwarder.toLowerCase(),
  }),
  sweptBeforeCreditOfChain: (chain: string) => ({ pk: `SWEPTBEFORECREDIT#${chain}` }),

  // The organization console. Secrets (invite and session tokens) appear only hashed.
  member: (organizationId: string, memberId: string): Key => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    sk: `MEMBER#${memberId}`,
  }),
  membersOfOrganization: (organizationId: string) => ({ pk: `ORG#${organizationId}#MEMBERS`, skPrefix: 'MEMBER#' }),
  memberEmail: (organizationId: string, emailHash: string): Key => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    sk: `EMAIL#${emailHash}`,
  }),
  invite: (tokenHash: string): Key => ({ pk: `INVITE#${tokenHash}`, sk: 'INVITE' }),
  /** Beside the members: an organization's pending invites, by invite id. */
  pendingInvite: (organizationId: string, inviteId: string): Key => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    sk: `PENDINGINVITE#${inviteId}`,
  }),
  pendingInvitesOfOrganization: (organizationId: string) => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    skPrefix: 'PENDINGINVITE#',
  }),
  passkey: (credentialId: string): Key => ({ pk: `PASSKEY#${credentialId}`, sk: 'PASSKEY' }),
  challenge: (challengeId: string): Key => ({ pk: `CHALLENGE#${challengeId}`, sk: 'CHALLENGE' }),
  session: (tokenHash: string): Key => ({ pk: `${SESSION_KEY_PREFIX}${tokenHash}`, sk: 'SESSION' }),
  /** Beside the transaction's pointer, in the organization's partition of the transaction. */
  signature: (organizationId: string, transactionId: string, memberId: string, challengeId: string): Key => ({
    pk: `ORG#${organizationId}#TX#${transactionId}`,
    sk: `SIGNATURE#${memberId}#${challengeId}`,
  }),
  /** One batch signature: what it bound (every payout of it), beside which each payout keeps its own signature. */
  batchSignature: (organizationId: string, batchId: string, memberId: string, challengeId: string): Key => ({
    pk: `ORG#${organizationId}#BATCHSIGNATURE#${batchId}`,
    sk: `SIGNATURE#${memberId}#${challengeId}`,
  }),
  signaturesOfTransaction: (organizationId: string, transactionId: string) => ({
    pk: `ORG#${organizationId}#TX#${transactionId}`,
    skPrefix: 'SIGNATURE#',
  }),
  auditEntry: (organizationId: string, at: string, entryId: string): Key => ({
    pk: `ORG#${organizationId}#AUDIT`,
    sk: `${at}#${entryId}`,
  }),
  auditLog: (organizationId: string) => ({ pk: `ORG#${organizationId}#AUDIT` }),

  // Verification of Payee: one item per bank held for a member's confirmation, gone once decided.
  payeeConfirmation: (organizationId: string, bankId: string): Key => ({
    pk: `ORG#${organizationId}#PAYEECONFIRMATIONS`,
    sk: `BANK#${bankId}`,
  }),
  payeeConfirmationsOfOrganization: (organizationId: string) => ({ pk: `ORG#${organizationId}#PAYEECONFIRMATIONS` }),

  // ACH prenotes: a bank whose prenote is to be sent or awaits its window carries this timer; the
  // entry's reference (its individual identification number) finds the bank a return names.
  prenoteTimer: (bankId: string, dueAt: string): TimerKey => ({
    gsi2pk: `TIMER#PRENOTE#${timerShard(bankId)}`,
    gsi2sk: `${dueAt}#${bankId}`,
  }),
  prenoteByReference: (reference: string): Key => ({ pk: `PRENOTE#${reference}`, sk: 'PRENOTE' }),

  // Reconciliation: each bank report's outcome for each organization it concerns, newest first.
  bankReportOutcome: (organizationId: string, receivedAt: string, reportId: string) => ({
    pk: `ORG#${organizationId}#BANKREPORT#${reportId}`,
    sk: 'BANKREPORT',
    gsi1pk: `ORG#${organizationId}#BANKREPORTS`,
    gsi1sk: `${receivedAt}#${reportId}`,
  }),
  bankReportOutcomesOfOrganization: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#BANKREPORTS` }),
} as const;

/**
 * EXPIRE: a withdrawal awaiting signatures; BATCH: a PROCESSING withdrawal not yet in a payment file; WRITE: a
 * payment file claimed but not yet in the outbox; ANSWER: a sandbox payment file the bank simulator answers;
 * AWAIT: a written file whose payouts should have been reported on by then (the stuck-payout alarm); PRENOTE: a
 * bank's ACH prenote to send, or to confirm once no return came within its window.
 */
export type TimerKind = 'EXPIRE' | 'BATCH' | 'WRITE' | 'ANSWER' | 'AWAIT' | 'PRENOTE';
export const TIMER_SHARDS = 4;
/** Transaction ids are random UUIDs, so their first hex digit spreads timers evenly. */
export const timerShard = (transactionId: string): number =>
  Number.parseInt(transactionId.charAt(0), 16) % TIMER_SHARDS || 0;

/** The prefix every event record's partition key starts with; the stream relay keeps only these. */
export const EVENT_KEY_PREFIX = 'EVENT#';
