import type { RouteDefinition } from '#shared/routing/route.ts';

/**
 * The reference's reading order: a getting-started section with the walkthrough's calls in sequence, then the live
 * areas, then the sandbox's stand-ins. Swagger UI shows tags in the order of the document's `tags` and, within a
 * tag, operations in the order of its `paths`, so both are built from these lists.
 */
export const GETTING_STARTED_TAG = 'Getting started';

/** The README's walkthrough, call by call (README.md, "Walkthrough"; `test/e2e/readme-walkthrough.test.ts` runs it). */
export const GETTING_STARTED: readonly { operationId: string; step: string }[] = [
  { operationId: 'createWebhookEndpoint', step: 'Listen for webhooks: an endpoint gets the events created after it' },
  { operationId: 'createCustomer', step: 'Create a customer' },
  { operationId: 'sandboxApproveKyc', step: 'Approve its KYC (sandbox); the verified name decides its banks' },
  { operationId: 'createWithdrawalBank', step: 'Add a withdrawal bank in the verified name' },
  { operationId: 'sandboxCreditBalance', step: 'Credit USDC (sandbox): the funds to pay out' },
  { operationId: 'createWithdrawal', step: 'Withdraw, with an idempotency key' },
  { operationId: 'getTransaction', step: 'Watch the withdrawal settle' },
  { operationId: 'getCustomerBalance', step: 'See the balance it leaves' },
];

/** The sections after getting started, in reading order; the sandbox's come after every live one. */
export const SECTION_ORDER: readonly string[] = [
  'Customers',
  'Withdrawal banks',
  'Withdrawals',
  'Wallets and deposits',
  'Developer fees and balances',
  'Webhooks',
  'KYC providers',
  'Health',
  'Documentation',
  'Console',
  'Sandbox',
];

export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [GETTING_STARTED_TAG]: [
    'From a sandbox key to a settled payout, in the order to call them (the same operations appear again in their',
    'own sections). Authorize first with the key `npm start` printed:',
    '',
    ...GETTING_STARTED.map(({ operationId, step }, index) => `${index + 1}. ${step}: \`${operationId}\``),
    '',
    'A sandbox payout travels the live path and settles a few seconds after it starts; the webhook endpoint receives',
    '`customer.created`, `customer.kyc.approved`, `withdrawal_bank.created`, `deposit.created`, `withdrawal.created`',
    'and `withdrawal.status_changed` on the way.',
  ].join('\n'),
  Customers: 'Customers of your organization and their KYC. Needs the `customers` feature.',
  'Withdrawal banks':
    "A customer's bank accounts that withdrawals pay out to: validation, name matching, Verification of Payee, the " +
    'review of third-party banks, and one USDC deposit wallet per chain for each bank.',
  Withdrawals:
    "Idempotent withdrawals from a customer's USDC balance to an active bank, their transactions, the balance and " +
    'the API withdrawal allowance. Creating one also needs the `apiWithdrawals` feature.',
  'Wallets and deposits':
    "A customer's destination wallets, deposit details (where to send fiat or USDC), virtual accounts and address " +
    'checks.',
  'Developer fees and balances':
    "The fees your organization adds to its customers' operations, claiming them, and the organization's balances.",
  Webhooks:
    'Endpoints that receive signed events (Standard Webhooks), their secrets, test events and the deliveries with ' +
    'their retries. The events themselves are under Webhooks at the end of this page.',
  'KYC providers':
    "Callbacks of the KYC providers that verify live organizations' customers: no key, authenticated by the " +
    "provider's signature over the body.",
  Health: 'Liveness of the service; no key needed.',
  Documentation: 'This document and the page that renders it; no key needed.',
  Console:
    "The organization console's own routes: passkey sign-in, members, signed approvals, banks to confirm, API keys, " +
    'settings and the audit log. A console session (cookie) only; API keys are refused.',
  Sandbox:
    'Stand-ins for the outside world (the KYC provider, bank reviews, the chain, the payout rail, rates and faults); ' +
    'sandbox organizations only (live ones get 404).',
};

const rank = (tag: string) => {
  const at = SECTION_ORDER.indexOf(tag);
  return at === -1 ? SECTION_ORDER.indexOf('Sandbox') - 0.5 : at;
};

/** The routes in reading order: the getting-started calls in sequence, then by section, the table's order within. */
export function inReadingOrder(routes: readonly RouteDefinition[]): RouteDefinition[] {
  const step = (route: RouteDefinition) => GETTING_STARTED.findIndex((s) => s.operationId === route.operationId);
  const started = GETTING_STARTED.flatMap(({ operationId }) => routes.filter((r) => r.operationId === operationId));
  const rest = routes.filter((route) => step(route) === -1).sort((a, b) => rank(a.tag) - rank(b.tag));
  return [...started, ...rest];
}

/** An operation's tags: its section, and getting started first for the walkthrough's calls. */
export const tagsOf = (route: RouteDefinition): string[] =>
  GETTING_STARTED.some((s) => s.operationId === route.operationId) ? [GETTING_STARTED_TAG, route.tag] : [route.tag];

/** The document's tags, each described, in reading order. */
export function sectionsOf(routes: readonly RouteDefinition[]) {
  const names = [...new Set(inReadingOrder(routes).flatMap(tagsOf))].sort((a, b) =>
    a === GETTING_STARTED_TAG ? -1 : b === GETTING_STARTED_TAG ? 1 : rank(a) - rank(b),
  );
  return names.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? '' }));
}
