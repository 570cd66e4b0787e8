import { z } from 'zod';

const uuid = () => z.uuid({ error: 'Must be a UUID' });

// Virtual accounts.

export const VirtualAccountCurrencySchema = z.enum(['USD']);
export const VirtualAccountStatusSchema = z.enum(['PENDING', 'ACTIVE']);

/** A customer's dedicated account, as stored; the IBAN and its bank are assigned when it becomes ACTIVE. */
export const VirtualAccountRecordSchema = z.object({
  virtualAccountId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  currency: VirtualAccountCurrencySchema,
  status: VirtualAccountStatusSchema,
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAddress: z.string().nullable(),
  bankCountry: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type VirtualAccountRecord = z.infer<typeof VirtualAccountRecordSchema>;

export const CreateVirtualAccountBody = z.strictObject({
  currency: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(VirtualAccountCurrencySchema.options, { error: 'Must be one of: USD' })),
});

export const CustomerVirtualAccountParams = z.strictObject({ customerId: uuid(), virtualAccountId: uuid() });

export const VirtualAccountSchema = VirtualAccountRecordSchema.omit({
  virtualAccountId: true,
  organizationId: true,
}).extend({ id: z.string() });
export type VirtualAccount = z.infer<typeof VirtualAccountSchema>;

export const toVirtualAccount = ({
  virtualAccountId,
  organizationId: _organizationId,
  ...rest
}: VirtualAccountRecord): VirtualAccount => ({ id: virtualAccountId, ...rest });

// Deposit details.

const RAILS = { eur: ['SEPA'], usd: ['FEDWIRE', 'SWIFT'] } as const;
export type DepositCurrency = keyof typeof RAILS;
export type DepositRail = (typeof RAILS)[DepositCurrency][number];

const MISSING_CURRENCY = 'Missing required query parameter: currency';

/** `?currency=eur|usd[&paymentRail=...]`, any case. */
export const DepositDetailsQuery = z
  .strictObject({
    currency: z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.enum(['eur', 'usd'], { error: 'Must be one of: eur, usd' }))
      .optional(),
    paymentRail: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.enum(['SEPA', 'FEDWIRE', 'SWIFT'], { error: 'Must be one of: SEPA, FEDWIRE, SWIFT' }))
      .optional(),
  })
  .check((ctx) => {
    const { currency, paymentRail } = ctx.value;
    // The contract's message names the parameter without the usual `<field>: ` prefix, hence the empty path.
    if (!currency) ctx.issues.push({ code: 'custom', path: [], message: MISSING_CURRENCY, input: ctx.value });
    else if (paymentRail && !(RAILS[currency] as readonly string[]).includes(paymentRail)) {
      ctx.issues.push({
        code: 'custom',
        path: ['paymentRail'],
        message: `Must be one of: ${RAILS[currency].join(', ')} for ${currency}`,
        input: paymentRail,
      });
    }
  });
export type DepositDetailsRequest = z.output<typeof DepositDetailsQuery>;

/** The currency (present once the query passed) and its rail, the currency's first by default (SEPA, FEDWIRE). */
export function depositRail(query: DepositDetailsRequest): { currency: DepositCurrency; paymentRail: DepositRail } {
  const { currency, paymentRail } = query;
  if (!currency) throw new Error(MISSING_CURRENCY);
  return { currency, paymentRail: paymentRail ?? RAILS[currency][0] };
}

export const DepositDetailsSchema = z.object({
  customerId: z.string(),
  currency: z.enum(['eur', 'usd']),
  paymentRail: z.enum(['SEPA', 'FEDWIRE', 'SWIFT']),
  depositModel: z.enum(['reference', 'virtual_account']),
  reference: z.string(),
  accountName: z.string().nullable(),
  accountAddress: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  accountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAddress: z.string().nullable(),
  bankCountry: z.string().nullable(),
  depositInstructions: z.string(),
  warning: z.string().nullable(),
  thirdPartyEnabled: z.boolean(),
});
export type DepositDetails = z.infer<typeof DepositDetailsSchema>;
