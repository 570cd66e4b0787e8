import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

const usdc = (description: string) => z.string().check(docMeta(OPENAPI_PROSE && { description }));

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
  agree: z.boolean().check(docMeta(OPENAPI_PROSE && { description: 'balanced, and treasuryHoldsSwept is not false' })),
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
              agree: true,
            },
          ],
        },
      ],
    },
  ),
);
export type CustodyReconciliation = z.infer<typeof CustodyReconciliationSchema>;
