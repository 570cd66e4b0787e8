import type { routes } from '#shared/payouts/routes.ts';
import { SandboxFailBody, SandboxFaultsBody, SandboxFaultsSchema, SandboxReturnBody } from '#shared/payouts/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

/** The payouts words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    sandboxCompleteTransaction: {
      summary: 'Sandbox: the payout of a PROCESSING withdrawal settles (COMPLETED)',
      description:
        'Sandbox payouts also settle by themselves a few seconds after they start (3 s by default, ' +
        '`SANDBOX_SETTLE_AFTER_S`): the sandbox bank answers their payment file. This settles one now the same way: ' +
        'a camt.054 booking its debit goes into the bank channel inbox and is applied like any bank report. The ' +
        'locked amount leaves the balance. A payout the batcher has not filed yet is filed first, alone, since a ' +
        'bank books only what it was sent (`/fail` does the same before its rejection).',
    },
    sandboxFailTransaction: {
      summary: 'Sandbox: the payout of a PROCESSING withdrawal fails (FAILED, reservation returned)',
    },
    sandboxReturnTransaction: {
      summary: 'Sandbox: the bank returns a COMPLETED payout (FAILED, the USDC back in the balance)',
      description:
        'Banks return payouts after booking them (a closed or blocked account, a wrong name), days later. This returns ' +
        'one the way a bank reports it: a camt.054 crediting the amount back with the return reason goes into the ' +
        'bank channel inbox and is applied like any bank report. The withdrawal goes from `COMPLETED` to `FAILED` ' +
        '(as a Stripe payout goes from `paid` to `failed`), `failureReason` gives the code and its meaning, the ' +
        "source amount is back in the customer's available balance (and in the API allowance, if the period that " +
        'counted it is still the current one), and `withdrawal.status_changed` carries `failure_reason`. Once: ' +
        'returning it again answers 409.',
    },
    sandboxSetFaults: {
      summary: 'Sandbox: make the next n payout executions fail at start',
      description:
        'Each armed fault fails one execution at start: the withdrawal goes back to `PROPOSED` and its reservations are ' +
        'released.',
    },
  },
  schemas: [
    schemaProse(SandboxFailBody, {
      id: 'SandboxFailTransactionRequest',
      examples: [{ reason: 'Beneficiary account closed' }, {}],
      shape: { reason: { description: 'Shown as `failureReason`; default `Payout failed`' } },
    }),
    schemaProse(SandboxReturnBody, {
      id: 'SandboxReturnTransactionRequest',
      examples: [{ reasonCode: 'AC04' }],
      shape: {
        reasonCode: {
          description:
            'The return reason the bank gives: an ISO 20022 external return reason code (`AC04` account closed, ' +
            '`AC06` blocked, `MD07` deceased, ...), for an ACH payout also a NACHA return code (`R01` to `R85`). ' +
            "A code the payout's rail does not have is refused with a 400 listing the valid ones.",
        },
      },
    }),
    schemaProse(SandboxFaultsBody, {
      id: 'SandboxFaultsRequest',
      examples: [{ failNextExecutions: 1 }],
      shape: {
        failNextExecutions: {
          description: 'How many of the next payout executions fail at start (back to PROPOSED); 0 disarms',
        },
      },
    }),
    schemaProse(SandboxFaultsSchema, { id: 'SandboxFaults', examples: [{ failNextExecutions: 1 }] }),
  ],
};
