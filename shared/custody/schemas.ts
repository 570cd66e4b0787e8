import * as z from '#shared/validation/zod.ts';

const SweepTreasuryMismatchSchema = z.object({
  nonce: z.string(),
  txHash: z.string(),
  blockNumber: z.nullable(z.string()),
  expected: z.string(),
  actual: z.string(),
});
export type SweepTreasuryMismatch = z.infer<typeof SweepTreasuryMismatchSchema>;

const ChainReconciliationSchema = z.object({
  chain: z.string(),
  treasury: z.nullable(z.string()),
  credited: z.string(),
  swept: z.string(),
  sweptBeforeCredit: z.string(),
  awaitingSweep: z.string(),
  treasuryBalance: z.nullable(z.string()),
  balanced: z.boolean(),
  treasuryHoldsSwept: z.nullable(z.boolean()),
  treasuryMovedAsSwept: z.nullable(z.boolean()),
  sweepsNotMatched: z.array(SweepTreasuryMismatchSchema),
  agree: z.boolean(),
});
export type ChainReconciliation = z.infer<typeof ChainReconciliationSchema>;

export const CustodyReconciliationSchema = z.object({ chains: z.array(ChainReconciliationSchema) });
export type CustodyReconciliation = z.infer<typeof CustodyReconciliationSchema>;
