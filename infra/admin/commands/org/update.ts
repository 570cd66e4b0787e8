import { adminCommand } from '#infra/admin/command.ts';
import {
  decimal,
  EUR_BANK_OPTIONS,
  eurReceivingBank,
  fxSpreadBps,
  oneId,
  onOff,
  operatorOf,
  payeeWhenNotPossible,
  payoutAccounts,
  positiveInt,
  treasuries,
  UsageError,
} from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { changeOrganizationAsOperator } from '#shared/console/identity/change-organization-as-operator.ts';

export const orgUpdate = adminCommand({
  name: 'org update',
  usage: [
    '<organizationId> [--customers on|off] [--api-withdrawals on|off] [--allowance <limit>]',
    '[--allowance-reset-minutes <n>] [--approvals <n>] [--fx-spread-bps <0-1000>]',
    '[--eur-bank-name <name> --eur-iban <iban> --eur-bic <bic> [--eur-account-name <holder>]',
    ' [--eur-account-address <text>] [--eur-bank-address <text>] | --eur-bank-reset]',
    `[--payout-accounts '{"EUR":{"name":..,"iban":..,"bic":..},"USD":{"name":..,"accountNumber":..,"routingNumber":..}}'`,
    ' [--payout-accounts-replace]]',
    '  (USD: "domesticRail":"FEDWIRE" with "address":{"street","buildingNumber","postCode","town","country"},',
    '   or "ACH" with "achCompanyId" and optionally "achSameDay":true; see shared/rails/bank/README.md;',
    '   the currencies given replace theirs, the others stay, unless --payout-accounts-replace)',
    "[--treasury <chain>=<address> ...]   (custody: where that chain's deposit forwarders pay out)",
    '[--payee-when-not-possible confirm|proceed|default]  (a NOT_POSSIBLE payee check: a member confirms',
    "  the bank, or it goes on as a match; default: the deployment's PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE)",
    "[--as <operator>]   (org update, key create and key revoke are audited as the operator's: --as,",
    '  else the user running the CLI)',
  ],
  flags: {
    customers: { type: 'string' },
    'api-withdrawals': { type: 'string' },
    allowance: { type: 'string' },
    'allowance-reset-minutes': { type: 'string' },
    approvals: { type: 'string' },
    'fx-spread-bps': { type: 'string' },
    'payout-accounts': { type: 'string' },
    'payout-accounts-replace': { type: 'boolean' },
    treasury: { type: 'string', multiple: true },
    'payee-when-not-possible': { type: 'string' },
    as: { type: 'string' },
    ...EUR_BANK_OPTIONS,
  },
  async run({ values, positionals }, { db }) {
    const organizationId = oneId(positionals, 'organization id');
    const operator = operatorOf(values.as);
    if (values['payout-accounts-replace'] && values['payout-accounts'] === undefined) {
      throw new UsageError('--payout-accounts-replace goes with --payout-accounts');
    }
    const changes = {
      customers: onOff('customers', values.customers),
      apiWithdrawals: onOff('api-withdrawals', values['api-withdrawals']),
      allowanceLimit: decimal('allowance', values.allowance),
      allowanceResetMinutes: positiveInt('allowance-reset-minutes', values['allowance-reset-minutes'], 0),
      requiredApprovals: positiveInt('approvals', values.approvals),
      fxSpreadBps: fxSpreadBps(values['fx-spread-bps']),
      payoutAccounts: payoutAccounts(values['payout-accounts']),
      payeeWhenNotPossible: payeeWhenNotPossible(values['payee-when-not-possible']),
      treasuries: treasuries(values.treasury),
      // Last: the other flags' usage errors come before the read this one may need.
      eurReceivingBank: await eurReceivingBank(db(), organizationId, values),
    };
    if (Object.values(changes).every((v) => v === undefined)) throw new UsageError('nothing to update');
    return changeOrganizationAsOperator(
      { db: db(), clock: systemClock },
      {
        organizationId,
        operator,
        changes: { ...changes, replacePayoutAccounts: values['payout-accounts-replace'] === true },
      },
    );
  },
});
