import { dueBanks, writePrenote } from '#shared/banks/prenote-repository.ts';
import type { BankRecord, PrenoteRecord } from '#shared/banks/records.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { writeNacha } from '#shared/rails/bank/ach/nacha.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import type { UsdAccount } from '#shared/rails/bank/payment-file.ts';
import { RAILS } from '#shared/rails/bank/rails.ts';
import { addBusinessDays, landingOf } from '#shared/rails/bank/settlement.ts';

const ACH = RAILS.ACH.settlement;

/** The prenote file of one organization: every REQUESTED prenote of its banks, zero-dollar entries. */
function prenoteFile(organization: Organization, debtor: UsdAccount, banks: BankRecord[], now: Date) {
  const messageId = newId().replaceAll('-', '');
  // Prenotes go next day (never same day): the landing every ACH file's dates come from.
  const { executionDate: execution, settlementDate } = landingOf(ACH, now, { sameDay: false });
  const text = writeNacha(
    {
      messageId,
      createdAt: now.toISOString(),
      executionDate: execution,
      initiatingParty: organization.name,
      debtor,
      payments: banks.map((bank) => ({
        endToEndId: bank.prenote?.reference ?? '',
        amount: '0.00',
        creditor: {
          name: bank.beneficiaryName,
          kind: bank.recipientType === 'OTHER_BUSINESS' ? 'business' : 'individual',
          iban: null,
          accountNumber: bank.accountNumber,
          bic: null,
          routingNumber: bank.routingNumber,
          address: null,
        },
        remittance: 'Prenote',
      })),
    },
    {
      effectiveDate: settlementDate,
      fileIdModifier: (now.getUTCMinutes() % 36).toString(36).toUpperCase(),
      prenote: true,
    },
  );
  return { messageId, text, effectiveDate: settlementDate };
}

/**
 * Sends every REQUESTED prenote in one NACHA file per organization (`<MsgId>.ach` in the outbox), then marks each
 * SENT with the date it is confirmed by if no return arrives. An organization that no longer pays USD by ACH keeps
 * its prenotes REQUESTED (and they go out once it does).
 */
export async function sendDuePrenotes(deps: Pick<Deps, 'db' | 'clock' | 'config'>, channel: BankChannel) {
  const now = deps.clock.now();
  const due = await dueBanks(deps.db, now);
  const byOrganization = new Map<string, BankRecord[]>();
  for (const bank of due) {
    if (bank.prenote?.status !== 'REQUESTED') continue;
    byOrganization.set(bank.organizationId, [...(byOrganization.get(bank.organizationId) ?? []), bank]);
  }
  const files: string[] = [];
  for (const [organizationId, banks] of byOrganization) {
    const organization = await getOrganization(deps.db, organizationId);
    const debtor = organization?.payoutAccounts?.USD;
    if (!organization || debtor?.domesticRail !== 'ACH') continue;
    const file = prenoteFile(organization, debtor, banks, now);
    await channel.writeOutbox(`${file.messageId}.ach`, file.text);
    const waitDays = deps.config.payeeVerification.prenoteWaitDays;
    const confirmAfter = `${addBusinessDays(ACH, file.effectiveDate, waitDays)}T23:59:59.999Z`;
    for (const bank of banks) {
      const prenote = bank.prenote as PrenoteRecord;
      const next = {
        ...prenote,
        status: 'SENT' as const,
        fileId: file.messageId,
        sentAt: now.toISOString(),
        confirmAfter,
      };
      await writePrenote(deps.db, bank, next, { dueAt: confirmAfter });
    }
    files.push(file.messageId);
  }
  return { files };
}

/** SENT prenotes whose window has passed without a return: CONFIRMED. */
export async function confirmDuePrenotes(deps: Pick<Deps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  let confirmed = 0;
  for (const bank of await dueBanks(deps.db, now)) {
    const prenote = bank.prenote;
    if (prenote?.status !== 'SENT' || !prenote.confirmAfter || prenote.confirmAfter > now.toISOString()) continue;
    await writePrenote(deps.db, bank, { ...prenote, status: 'CONFIRMED', settledAt: now.toISOString() }, null);
    confirmed++;
  }
  return { confirmed };
}
