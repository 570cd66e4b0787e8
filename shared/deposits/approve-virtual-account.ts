import { randomInt } from 'node:crypto';
// The ESM build: see shared/validation/ibantools-esm.d.ts for why not the package root.
import { composeIBAN } from 'ibantools/jsnext/ibantools.js';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '#shared/config/env.ts';
import type { VirtualAccountIssuer } from '#shared/config/receiving-banks.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { VIRTUAL_ACCOUNT_TRANSITIONS } from '#shared/deposits/records.ts';
import {
  activateVirtualAccount,
  IbanTakenError,
  VirtualAccountStateChangedError,
} from '#shared/deposits/virtual-account-repository.ts';
import { decidedMeanwhile, pendingVirtualAccount, type Where } from '#shared/deposits/virtual-account-rules.ts';
import {
  toVirtualAccount,
  type VirtualAccount,
  virtualAccountEventData,
} from '#shared/deposits/virtual-account-view.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { isValidIban } from '#shared/validation/iban.ts';

/**
 * A dedicated GB-format IBAN at the issuer: its bank code (the BIC's first four letters), its sort code and a random
 * 8-digit account number, with the mod-97 check digits computed by ibantools. Uniqueness is the caller's guarded write.
 */
export function drawVirtualIban(issuer: Pick<VirtualAccountIssuer, 'bic' | 'sortCode'>): string {
  const accountNumber = String(randomInt(100_000_000)).padStart(8, '0');
  const iban = composeIBAN({ countryCode: 'GB', bban: `${issuer.bic.slice(0, 4)}${issuer.sortCode}${accountNumber}` });
  if (!iban || !isValidIban(iban)) throw new Error(`Virtual account issuer ${issuer.bic} yields no valid IBAN`);
  return iban;
}

const IBAN_DRAWS = 3;

/** The provider opened the account (sandbox route, admin CLI): ACTIVE, with its dedicated IBAN. */
export async function approveVirtualAccount(
  deps: { db: Db; clock: Clock; config: Config },
  input: Where & { virtualAccountId: string; alongside?: readonly GuardedItem<string>[] | undefined },
): Promise<VirtualAccount> {
  const account = await pendingVirtualAccount(deps.db, input, 'approved');
  const issuer = deps.config.deposits.virtualAccountIssuer;
  for (let draw = 1; ; draw++) {
    const bank = {
      iban: drawVirtualIban(issuer),
      bic: issuer.bic,
      bankName: issuer.bankName,
      bankAddress: issuer.bankAddress,
      bankCountry: issuer.bankCountry,
    };
    try {
      const now = deps.clock.now();
      const event = (activated: typeof account) =>
        eventRecord({
          organizationId: account.organizationId,
          type: VIRTUAL_ACCOUNT_TRANSITIONS.approve.event,
          data: virtualAccountEventData(activated),
          now,
        });
      return toVirtualAccount(
        await activateVirtualAccount(deps.db, { account, bank, now, event, alongside: input.alongside }),
      );
    } catch (error) {
      if (error instanceof VirtualAccountStateChangedError) throw await decidedMeanwhile(deps.db, input, 'approved');
      if (!(error instanceof IbanTakenError) || draw >= IBAN_DRAWS) throw error;
    }
  }
}
