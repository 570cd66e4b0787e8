import { approvalsSchemaProse } from '#shared/console/openapi-prose-approvals.ts';
import { accessSchemaProse } from '#shared/console/openapi-prose-identity.ts';
import { viewsSchemaProse } from '#shared/console/openapi-prose-views.ts';
import type { routes } from '#shared/console/routes.ts';
import type { FolderProse } from '#shared/routing/prose.ts';

/** The console words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    consolePreviewInvite: { summary: 'Accept an invite, step 0: the organization, address and role it is for' },
    consoleStartRegistration: {
      summary: 'Accept an invite, step 1: the passkey creation options for the invited member',
    },
    consoleAcceptInvite: {
      summary: 'Accept an invite, step 2: register the passkey, become a member, and open a session (cookie)',
    },
    consoleStartSignIn: { summary: 'Sign in, step 1: passkey request options (rate limited per source address)' },
    consoleSignIn: { summary: "Sign in, step 2: the passkey's assertion opens a session (cookie)" },
    consoleGetSession: { summary: 'The signed-in member, the organization and what the role allows' },
    consoleSignOut: { summary: 'End this session' },
    consoleSignOutEverywhere: { summary: 'End every session of the signed-in member, on every device' },
    consoleListMembers: { summary: "The organization's members, oldest first" },
    consoleInviteMember: { summary: 'Invite a member by e-mail (single-use link, valid 7 days)' },
    consoleListAuditLog: { summary: 'The audit log: every console action and signature, newest first' },
    consoleCreateApiKey: { summary: 'Create an API key of the organization (the key is shown only here)' },
    consoleListApiKeys: {
      summary: "The organization's API keys, newest first: hint, status, creator, times (never the key)",
    },
    consoleRevokeApiKey: { summary: 'Revoke an API key at once' },
    consoleGetSettings: {
      summary: "The organization's settings: features, signatures required, the API withdrawal allowance, fees",
    },
    consoleChangeSettings: {
      summary: 'Change the signatures required, the API withdrawal allowance or switch API withdrawals off (owners)',
      description:
        'Only the fields sent change; each change is in the audit log (`settings.changed`, before and after). ' +
        "`requiredApprovals` applies to withdrawals proposed from now on. Turning a feature on is the operator's (403).",
    },
    consoleListPendingWithdrawals: {
      summary: 'Withdrawals awaiting signatures (PROPOSED, PARTIALLY_SIGNED): what is paid to whom, who signed',
    },
    consoleStartApproval: {
      summary: 'Sign a withdrawal, step 1: a challenge bound to its id, amount, currency, beneficiary and account',
    },
    consoleSignWithdrawal: {
      summary: "Sign a withdrawal, step 2: the passkey's signature over the challenge counts as one approval",
    },
    consoleRejectWithdrawal: { summary: 'Reject a withdrawal awaiting signatures, with a reason: it is CANCELLED' },
    consoleListSuspenseCredits: {
      summary: 'Money paid in that could not be credited, newest first, each with the reason',
    },
    consoleAssignSuspenseCredit: {
      summary:
        'Give a credit in suspense to a customer, with a reason: a DEPOSIT at the on-ramp quote in force at booking',
    },
    consoleSendBackSuspenseCredit: {
      summary: "Send a credit in suspense back to its payer, with a reason: a payment in the rail's file in the outbox",
    },
    consoleListPendingBatches: {
      summary: 'Withdrawal batches awaiting signatures, one card each: payouts, totals, customers, why they wait',
    },
    consoleStartBatchApproval: {
      summary: 'Sign a batch, step 1: a challenge bound to the batch id and each waiting payout with its figures',
    },
    consoleSignWithdrawalBatch: {
      summary: "Sign a batch, step 2: the passkey's one signature counts as an approval of each payout it bound",
      description:
        'Each payout bound by the challenge is approved in its own transaction if it still awaits signatures and ' +
        'shows what was signed; the answer says per payout what happened (`SIGNED`, or `SKIPPED` and why).',
    },
    consoleRejectWithdrawalBatch: {
      summary: 'Reject a batch, with a reason: each of its payouts awaiting signatures is CANCELLED',
    },
    consoleListPayeeConfirmations: {
      summary: 'Banks to confirm: banks Verification of Payee held (CLOSE_MATCH, NO_MATCH, NOT_POSSIBLE), oldest first',
    },
    consoleStartPayeeDecision: {
      summary: 'Confirm or reject a bank, step 1: a challenge bound to the bank, the name, the check and the decision',
    },
    consoleSignPayeeDecision: {
      summary: "Confirm or reject a bank, step 2: the passkey's signature decides it (ACTIVE or REJECTED), audited",
    },
    consoleGetCustomerOverview: {
      summary: "A customer's page: the customer and KYC, banks, wallets, USDC balance and first transactions",
      description:
        'Each part is what its `/api/v2` operation answers (get customer, list banks, list wallets, balance, list ' +
        'transactions), gathered in one call; further transactions through `GET /api/v2/customers/{customerId}/' +
        'transactions?cursor=<transactionsNextCursor>` with the session.',
    },
    consoleGetHome: {
      summary:
        'The home page: awaiting approval, in flight by rail, recent failures, volumes per day, balances, alarms',
    },
    consoleGetCustomersBalance: {
      summary: "The customers' total balance, summed when read, a page of up to 1,000 customers",
      description:
        'No total is kept (it would be one item every withdrawal writes): each call reads a page of the ' +
        "organization's customers and their balances and answers their sum, as of `asOf`. Follow `nextCursor` " +
        'until it is null and add the pages: the total of every customer.',
    },
    consoleListReconciliation: {
      summary:
        "Reconciliation: each bank report's facts applied or quarantined (with the reason), and payouts awaiting one",
      description:
        'Reports newest first, paged with `limit` and `cursor` (`nextCursor`, null on the last page); a report is ' +
        'listed for each organization whose payouts it names. `awaitingReport`: up to 200 payouts PROCESSING in a ' +
        'payment file.',
    },
    consoleListTransactions: {
      summary:
        "All the organization's transactions with the customers' names, newest first (filters, reference search)",
      description:
        'Paged like the API: `limit` and `cursor`, and a `Link: <...>; rel="next"` header while more exist. Filters ' +
        'take any letter case. A period (`from`, `to`) bounds the read; `rail` and `reference` are matched as ' +
        'the items are read, so a page may hold fewer items than `limit` and still have a next one.',
    },
    consoleGetTransactionStory: {
      summary: "A transaction's whole story: created, signed, the payment file, the bank's answer, its webhooks",
    },
    consoleExportTransactions: {
      summary: 'Export the transactions of a period (JSON), a page of up to 1,000 rows at a time',
      description:
        'Newest first; `from` defaults to the start of this month (UTC), `to` to now. Follow `nextCursor` (the same ' +
        'query with `cursor=`) until it is null: each page reads only its own rows, so a month of 100,000 is 100 ' +
        'calls. The CSV of the same rows: `/api/console/exports/transactions/csv`.',
    },
    consoleExportTransactionsCsv: {
      summary: 'Export the transactions of a period as CSV, a page of up to 1,000 rows at a time',
      description:
        'The rows of `/api/console/exports/transactions`, as RFC 4180 CSV (UTF-8, CRLF), accounts masked in ASCII ' +
        '(`DE89****3000`). The first page starts with the UTF-8 byte order mark (which Excel needs to read UTF-8) ' +
        'and the header line, later pages with neither, so the pages joined in order are one file; the next page ' +
        'is in the `Link: <...>; rel="next"` header, absent on the last. With full accounts: ' +
        '`/api/console/exports/transactions/with-accounts/csv`.',
      examples: {
        responses: { 200: 'reference,transactionId,type,status,...\r\nWD-7K3M-9QX2,6f1c2a9e-...,WITHDRAWAL,...\r\n' },
      },
    },
    consoleExportTransactionsWithAccountsCsv: {
      summary: 'Export the transactions of a period as CSV with full account numbers (owners and admins; audited)',
      description:
        'The CSV of `/api/console/exports/transactions/csv` with each `account` in full (the IBAN or account number ' +
        'paid), to match a bank statement line by line. A POST, as it writes: every page writes ' +
        '`transactions.exported_with_accounts` to the audit log (the period, the page, its rows) before it is ' +
        'answered, and passes the anti-CSRF check. Paged the same way: the next page is the URL of the ' +
        '`Link: <...>; rel="next"` header, POSTed too.',
      examples: {
        responses: {
          200: 'reference,transactionId,...,account,...\r\nWD-7K3M-9QX2,6f1c2a9e-...,DE89370400440532013000,...\r\n',
        },
      },
    },
    consoleListRails: {
      summary: 'The payment rails a payout can go by, for filters and labels',
      description:
        'Every rail of the service, in the order of its rail descriptors: its name (what `settlementRail` and the ' +
        "transactions' `rail` filter say), the bank rail whose banks it pays, and its currencies.",
    },
    consoleListInvites: { summary: 'Pending invites (not accepted, revoked or expired), oldest first' },
    consoleResendInvite: {
      summary: 'Mail a pending invite again with a new link (the old link stops working)',
      description:
        'A new invite (new id and token, valid 7 days from now) to the same address and role replaces the old one in ' +
        'one transaction. Admins cannot resend an owner invite (403).',
    },
    consoleRevokeInvite: { summary: 'Revoke a pending invite: its link no longer works' },
  },
  schemas: [...accessSchemaProse, ...approvalsSchemaProse, ...viewsSchemaProse],
};
