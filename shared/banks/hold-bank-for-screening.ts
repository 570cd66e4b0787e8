import type { BankRecord, BankStatus } from '#shared/banks/records.ts';
import { BankStateChangedError } from '#shared/banks/repository.ts';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { statusUpdate, type Transition, writeStatusChange } from '#shared/events/status-change.ts';
import { holdPut } from '#shared/screening/hold-repository.ts';
import { newHold } from '#shared/screening/hold-rules.ts';
import type { ScreeningHit } from '#shared/screening/records.ts';
import { holdReason } from '#shared/screening/screen.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';

/** A registered bank whose beneficiary name now hits a list (a new version of it): back to PENDING. */
export const BANK_HELD_FOR_SCREENING = {
  from: ['ACTIVE', 'PENDING'],
  to: 'PENDING',
} as const satisfies Transition<BankStatus>;

/**
 * Holds a registered bank for `hit` as its registration would have: `PENDING` with the reason, its wallets
 * disabled (no deposit to them is forwarded to a held bank), and the hold, in one transaction. Cleared, the bank
 * takes the status it had (`ACTIVE` enables the wallets again). A concurrent change of its status is a
 * `BankStateChangedError`.
 */
export async function holdRegisteredBank(
  deps: Pick<Deps, 'db'>,
  input: { bank: BankRecord; wallets: readonly WalletRecord[]; hit: ScreeningHit; now: Date },
): Promise<void> {
  const { bank, hit, now } = input;
  const at = now.toISOString();
  const onClear: 'ACTIVE' | 'PENDING' = bank.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING';
  const subject = { kind: 'bank' as const, customerId: bank.customerId, bankId: bank.bankId, onClear };
  const hold = newHold({ organizationId: bank.organizationId, subject, screened: bank.beneficiaryName, hit, now });
  await writeStatusChange(deps.db, {
    subject: statusUpdate(deps.db, {
      key: keys.bank(bank.organizationId, bank.customerId, bank.bankId),
      attribute: 'status',
      // Only from the status read: a bank approved or rejected meanwhile is screened again by the next pass.
      transition: { from: [bank.status], to: BANK_HELD_FOR_SCREENING.to },
      set: { rejectionReason: holdReason('beneficiary name', hit) },
      now,
      version: 'bump',
    }),
    alongside: [
      holdPut(deps.db, hold),
      ...input.wallets.map((wallet) => ({
        role: 'wallet' as const,
        item: {
          Update: {
            TableName: deps.db.tableName,
            Key: keys.wallet(wallet.organizationId, wallet.customerId, wallet.walletId),
            UpdateExpression: 'SET enabled = :false, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':false': false, ':now': at },
          },
        },
      })),
    ],
    refused: (role) => (role === 'subject' ? new BankStateChangedError() : undefined),
  });
}
