import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { verifyPayee } from '#shared/banks/verify-payee.ts';
import { parseConfig } from '#shared/config/env.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import { SANDBOX_DEBTORS } from '#shared/rails/bank/payment-file.ts';
import { RAIL_NAMES, type RailName } from '#shared/rails/bank/rail.ts';
import { writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { creditorOf, RAILS } from '#shared/rails/bank/rails.ts';

/**
 * Verification of Payee asks the payee's bank about a name; the payouts then pay a name. They must be one string:
 * a name verified in one spelling and paid in another was not verified. Path under test: the request body's
 * `beneficiaryName` -> the stored bank -> the VoP request, and -> the creditor of the payout's file on each rail that
 * pays a EUR IBAN.
 */
const IBAN = 'DE89370400440532013000';
const BIC = 'COBADEFFXXX';

/** Every rail that pays a bank holding a EUR IBAN: the banks Verification of Payee checks. */
const EUR_IBAN_RAILS = RAIL_NAMES.filter(
  (rail) => (RAILS[rail].currencies as readonly string[]).includes('EUR') && RAILS[rail].account !== 'ACCOUNT_NUMBER',
);

let server: Server;
let url = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      asked.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string }).name);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'MTCH' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vop`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The name the payee's bank is asked about when a EUR bank of this beneficiary name is registered. */
async function nameAsked(beneficiaryName: string) {
  const bank = parseOrThrow(CreateBankBody, { beneficiaryName, currency: 'EUR', iban: IBAN, bic: BIC });
  const deps = {
    config: parseConfig({ PAYEE_VERIFICATION_URL: url, PAYEE_VERIFICATION_API_KEY_SECRET: 'payouts/vop-key' }),
    readSecret: async () => 'k3y',
  };
  const verification = await verifyPayee(deps, { environment: 'live', bank, party: 'individual', now: new Date() });
  expect(verification.source).toBe('bank');
  return { stored: bank.beneficiaryName, asked: asked.at(-1) };
}

/** The creditor name a payout to that bank carries in its file on `rail`. */
function namePaid(rail: RailName, beneficiaryName: string) {
  const creditor = creditorOf(rail, {
    beneficiaryName,
    recipientType: 'CUSTOMER',
    holderType: 'individual',
    iban: IBAN,
    bic: BIC,
    accountNumber: null,
    routingNumber: null,
    address: { street: 'Friedrichstraße', buildingNumber: '123', postCode: '10117', town: 'Berlin', country: 'DE' },
  });
  const xml = writeRailFile(
    rail,
    {
      messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
      createdAt: '2026-11-24T10:15:30.123Z',
      executionDate: '2026-11-24',
      initiatingParty: 'Acme Payouts GmbH',
      debtor: SANDBOX_DEBTORS.EUR,
      payments: [{ endToEndId: 'PAYOUT-1', amount: '10.00', creditor, remittance: 'Payout PAYOUT-1' }],
    },
    { createdAt: new Date('2026-11-24T10:15:30.123Z'), debtor: SANDBOX_DEBTORS.EUR, settlementDate: '2026-11-25' },
  );
  const document = new XMLParser({ parseTagValue: false }).parse(xml);
  return String(document.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.Cdtr.Nm);
}

describe('the name Verification of Payee asks about is the name paid', () => {
  it('covers rails that all write pain.001, whose creditor name is the one asked about', () => {
    expect(EUR_IBAN_RAILS).toEqual(['SEPA', 'SEPA_INSTANT', 'SWIFT']);
    for (const rail of EUR_IBAN_RAILS) expect(RAILS[rail].file.format).toBe('pain.001.001.09');
  });

  it.each([
    ['accents and letters spelled out', 'Zoë Ærø-Łukasz', 'Zoe AEro-Lukasz'],
    ['an ampersand and a typographic apostrophe', 'Smith & O’Neil Ltd', "Smith + O'Neil Ltd"],
    ['the sandbox keywords', 'Ada Close Match Lovelace', 'Ada Close Match Lovelace'],
    ['fullwidth letters', 'Ａｄａ Ｌｏｖｅｌａｃｅ', 'Ada Lovelace'],
    [
      'more than the file carries (70)',
      `Ada ${'Augusta '.repeat(15)}King`,
      `Ada ${'Augusta '.repeat(8)}Augusta`.slice(0, 70).trim(),
    ],
  ])('%s', async (_, beneficiaryName, expected) => {
    const { stored, asked: name } = await nameAsked(beneficiaryName);

    expect(name).toBe(expected);
    for (const rail of EUR_IBAN_RAILS) expect(namePaid(rail, stored)).toBe(name);
  });
});
