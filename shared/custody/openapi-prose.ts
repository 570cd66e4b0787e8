import type { routes } from '#shared/custody/routes.ts';
import { CustodyReconciliationSchema } from '#shared/custody/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

/** The custody words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    getCustodyReconciliation: {
      summary: 'Reconcile the USDC received at your deposit addresses with your treasury',
      description:
        'Per chain with a treasury or deposits credited to forwarders: what was credited, what the sweeps moved to ' +
        'your treasury, what awaits its sweep, and the treasury’s USDC read on chain now. `balanced`: credited = ' +
        'swept + awaiting sweep; `treasuryHoldsSwept`: the treasury holds at least what was swept (false once you ' +
        'spend from it); `treasuryMovedAsSwept`: in each recent sweep checked, the treasury’s balance moved in the ' +
        'sweep’s block by exactly what the sweep recorded (`sweepsNotMatched` lists those that did not); `agree`: ' +
        'all three. Not part of Compose’s API.',
    },
  },
  schemas: [
    schemaProse(CustodyReconciliationSchema, {
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
      shape: {
        chains: {
          element: {
            shape: {
              sweepsNotMatched: {
                element: {
                  shape: {
                    expected: {
                      description: "What the sweep recorded as moved to the treasury, with the block's other transfers",
                    },
                    actual: { description: "How the treasury's balance moved in the sweep's block" },
                  },
                },
              },
              credited: { description: 'USDC credited to your deposit forwarders on this chain' },
              swept: {
                description: "USDC of credited deposits the sweeps moved to your treasury (the factory's Flushed logs)",
              },
              sweptBeforeCredit: {
                description:
                  'USDC a sweep moved to your treasury before its deposit was credited (a transfer mined while the sweep was ' +
                  'under way); it moves to swept once the deposit is credited',
              },
              awaitingSweep: { description: 'USDC credited and not yet swept' },
              treasuryBalance: {
                innerType: {
                  description: "The treasury's USDC on chain now; null without a treasury or a node to ask",
                },
              },
              treasury: { innerType: { description: "The chain's treasury address" } },
              balanced: { description: 'credited = swept + awaitingSweep' },
              treasuryHoldsSwept: {
                innerType: {
                  description:
                    'The treasury holds at least what was swept to it (swept + sweptBeforeCredit); false once your organization spent from it, or ' +
                    'when a sweep was recorded that the chain does not show; null without a balance',
                },
              },
              treasuryMovedAsSwept: {
                innerType: {
                  description:
                    "In each of the recent sweeps checked, the treasury's balance moved in the sweep's block by exactly what " +
                    'the sweep recorded (other transfers of that block accounted for); null before a sweep was checked',
                },
              },
              agree: {
                description: 'balanced, treasuryHoldsSwept is not false, and no recent sweep disagrees with the chain',
              },
            },
          },
        },
      },
    }),
  ],
};
