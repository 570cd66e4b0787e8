import type { AdminCommand } from '#infra/admin/command.ts';
import { bankApprove } from '#infra/admin/commands/bank/approve.ts';
import { bankList } from '#infra/admin/commands/bank/list.ts';
import { bankReject } from '#infra/admin/commands/bank/reject.ts';
import { bankTransferSetSftp } from '#infra/admin/commands/bank-transfer/set-sftp.ts';
import { consoleInviteOwner } from '#infra/admin/commands/console/invite-owner.ts';
import { custodyReconcile } from '#infra/admin/commands/custody/reconcile.ts';
import { doctor } from '#infra/admin/commands/doctor.ts';
import { keyCreate } from '#infra/admin/commands/key/create.ts';
import { keyList } from '#infra/admin/commands/key/list.ts';
import { keyRevoke } from '#infra/admin/commands/key/revoke.ts';
import { kycList } from '#infra/admin/commands/kyc/list.ts';
import { orgCreate } from '#infra/admin/commands/org/create.ts';
import { orgUpdate } from '#infra/admin/commands/org/update.ts';
import { payoutApproveSettlement } from '#infra/admin/commands/payout/approve-settlement.ts';
import { payoutOverdue } from '#infra/admin/commands/payout/overdue.ts';
import { payoutProposeSettlement } from '#infra/admin/commands/payout/propose-settlement.ts';
import { payoutQuarantinedReports } from '#infra/admin/commands/payout/quarantined-reports.ts';
import { payoutRejectSettlement } from '#infra/admin/commands/payout/reject-settlement.ts';
import { payoutUnansweredFiles } from '#infra/admin/commands/payout/unanswered-files.ts';
import { virtualAccountApprove } from '#infra/admin/commands/virtual-account/approve.ts';
import { virtualAccountList } from '#infra/admin/commands/virtual-account/list.ts';
import { virtualAccountReject } from '#infra/admin/commands/virtual-account/reject.ts';
import { walletIndex } from '#infra/admin/commands/wallet/index.ts';
import { withdrawalApprove } from '#infra/admin/commands/withdrawal/approve.ts';
import { withdrawalIndex } from '#infra/admin/commands/withdrawal/index.ts';
import { withdrawalReject } from '#infra/admin/commands/withdrawal/reject.ts';
import { withdrawalVerifySignatures } from '#infra/admin/commands/withdrawal/verify-signatures.ts';

/** Every operator command, in the order the usage lists them. A file under commands/ not listed here is a defect. */
export const COMMANDS: readonly AdminCommand[] = [
  orgCreate,
  orgUpdate,
  keyCreate,
  keyRevoke,
  keyList,
  custodyReconcile,
  kycList,
  bankList,
  bankApprove,
  bankReject,
  bankTransferSetSftp,
  withdrawalApprove,
  withdrawalReject,
  withdrawalVerifySignatures,
  withdrawalIndex,
  payoutOverdue,
  payoutUnansweredFiles,
  payoutQuarantinedReports,
  payoutProposeSettlement,
  payoutApproveSettlement,
  payoutRejectSettlement,
  walletIndex,
  consoleInviteOwner,
  virtualAccountList,
  virtualAccountApprove,
  virtualAccountReject,
  doctor,
];

const byName = new Map<string, AdminCommand>(COMMANDS.map((command) => [command.name, command]));

export const commandNamed = (name: string): AdminCommand | undefined => byName.get(name);

/** Where the commands' notes start, so that they read as one column. */
const NOTE_COLUMN = 54;

function usageOf({ name, usage, note }: AdminCommand): string {
  const [first = '', ...rest] = typeof usage === 'string' ? [usage] : usage;
  const line = `  ${name} ${first}`;
  const noted = note ? `${line.padEnd(NOTE_COLUMN - 1)} (${note})` : line;
  const indent = ' '.repeat(name.length + 3);
  return [noted, ...rest.map((more) => indent + more)].join('\n');
}

export const USAGE = `Usage: npm run admin -- <command>

${COMMANDS.map(usageOf).join('\n')}

Connection: TABLE_NAME (AWS credentials, or DYNAMODB_ENDPOINT) if set, else DATA_DIR/local.json of \`npm start\`.`;
