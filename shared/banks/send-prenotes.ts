import { createHash } from 'node:crypto';
import { dueBanks, putPrenoteFile, writePrenote } from '#shared/banks/prenote-repository.ts';
import type { BankRecord, PrenoteRecord } from '#shared/banks/records.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import type { PayoutAccount } from '#shared/rails/bank/payment-file.ts';
import type { BankRail, RailFileWriter } from '#shared/rails/bank/rail.ts';
import { railFilesNamed } from '#shared/rails/bank/rail-files.ts';
import { domesticRailOf, railNamed } from '#shared/rails/bank/rails.ts';
import { addBusinessDays, landingOf } from '#shared/rails/bank/settlement.ts';

/** A rail that sends prenotes, its calendar of business days (prenotes wait business days for a return), its writer. */
type PrenoteRail = {
  rail: BankRail;
  calendar: Extract<BankRail['settlement'], { kind: 'business-days' }>;
  write: RailFileWriter;
};

/** The rail an organization's payout account pays its domestic banks by, if it sends prenotes. */
function prenoteRailOf(debtor: PayoutAccount): PrenoteRail | undefined {
  const name = domesticRailOf(debtor);
  const rail = railNamed(name);
  const write = railFilesNamed(name).writePrenotes;
  const calendar = rail.settlement;
  if (!rail.sendsPrenotes || !write) return undefined;
  if (calendar.kind !== 'business-days') throw new Error(`${name} sends prenotes but settles on no business days`);
  return { rail, calendar, write };
}

/** The prenote file of one organization: every REQUESTED prenote of its banks, zero-dollar entries. */
function prenoteFile(
  organization: Organization,
  debtor: PayoutAccount,
  { calendar, write }: PrenoteRail,
  banks: BankRecord[],
  now: Date,
) {
  const messageId = newId().replaceAll('-', '');
  // Prenotes go next day (never same day): the landing every ACH file's dates come from.
  const { executionDate: execution, settlementDate } = landingOf(calendar, now, { sameDay: false });
  const text = write(
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
    { createdAt: now, debtor, settlementDate },
  );
  return { messageId, text, effectiveDate: settlementDate };
}

/**
 * Sends every REQUESTED prenote in one file per organization (its rail's prenote file: a NACHA file, `<MsgId>.ach` in
 * the outbox), then marks each SENT with the date it is confirmed by if no return arrives. An organization whose USD
 * payout account pays by a rail without prenotes (not ACH) keeps its prenotes REQUESTED (they go out once it does).
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
    const prenotes = debtor && prenoteRailOf(debtor);
    if (!organization || !debtor || !prenotes) continue;
    const file = prenoteFile(organization, debtor, prenotes, banks, now);
    const scope = { environment: organization.environment, organizationId };
    // Recorded first: a mover takes a file to a bank only when the service wrote it (its owner, its bytes' hash).
    await putPrenoteFile(deps.db, {
      messageId: file.messageId,
      organizationId,
      environment: organization.environment,
      currency: 'USD',
      sha256: createHash('sha256').update(file.text).digest('hex'),
      createdAt: now.toISOString(),
    });
    await channel.writeOutbox(scope, `${file.messageId}.${prenotes.rail.file.extension}`, file.text);
    const waitDays = deps.config.prenotes.waitDays;
    const confirmAfter = `${addBusinessDays(prenotes.calendar, file.effectiveDate, waitDays)}T23:59:59.999Z`;
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
