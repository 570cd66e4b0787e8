import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

const usdc = (description: string) => z.string().check(docMeta(OPENAPI_PROSE && { description }));

const SweepTreasuryMismatchSchema = z.object({
  nonce: z.string(),
  txHash: z.string(),
  blockNumber: z.nullable(z.string()),
  expected: usdc("What the sweep recorded as moved to the treasury, with the block's other transfers"),
  actual: usdc("How the treasury's balance moved in the sweep's block"),
});
export type SweepTreasuryMismatch = z.infer<typeof SweepTreasuryMismatchSchema>;

const ChainReconciliationSchema = z.object({
  chain: z.string(),
  treasury: z.nullable(z.string().check(docMeta(OPENAPI_PROSE && { description: "The chain's treasury address" }))),
  credited: usdc('USDC credited to your deposit forwarders on this chain'),
  swept: usdc("USDC of credited deposits the sweeps moved to your treasury (the factory's Flushed logs)"),
  sweptBeforeCredit: usdc(
    'USDC a sweep moved to your treasury before its deposit was credited (a transfer mined while the sweep was ' +
      'under way); it moves to swept once the deposit is credited',
  ),
  awaitingSweep: usdc('USDC credited and not yet swept'),
  treasuryBalance: z.nullable(usdc("The treasury's USDC on chain now; null without a treasury or a node to ask")),
  balanced: z.boolean().check(docMeta(OPENAPI_PROSE && { description: 'credited = swept + awaitingSweep' })),
  treasuryHoldsSwept: z.nullable(
    z.boolean().check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The treasury holds at least what was swept to it (swept + sweptBeforeCredit); false once your organization spent from it, or ' +
            'when a sweep was recorded that the chain does not show; null without a balance',
        },
      ),
    ),
  ),
  treasuryMovedAsSwept: z.nullable(
    z.boolean().check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "In each of the recent sweeps checked, the treasury's balance moved in the sweep's block by exactly what " +
            'the sweep recorded (other transfers of that block accounted for); null before a sweep was checked',
        },
      ),
    ),
  ),
  sweepsNotMatched: z.array(SweepTreasuryMismatchSchema),
  agree: z.boolean().check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'balanced, treasuryHoldsSwept is not false, and no recent sweep disagrees with the chain',
      },
    ),
  ),
});
export type ChainReconciliation = z.infer<typeof ChainReconciliationSchema>;

export const CustodyReconciliationSchema = z.object({ chains: z.array(ChainReconciliationSchema) }).check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'CustodyReconciliation',
      examples: [
        {
          chains: [
            {
              chain: 'base',
              treasury: '0x52908400098527886E0F7030069857D2E4169EE7',
              credited: '39.50',
              swept: '32.50',
              sweptBeforeCredit: '0.00',
              awaitingSweep: '7.00',
              treasuryBalance: '32.50',
              balanced: true,
              treasuryHoldsSwept: true,
              treasuryMovedAsSwept: true,
              sweepsNotMatched: [],
              agree: true,
            },
          ],
        },
      ],
    },
  ),
);
export type CustodyReconciliation = z.infer<typeof CustodyReconciliationSchema>;
