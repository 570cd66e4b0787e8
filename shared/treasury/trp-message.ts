import type { Chain } from '#shared/money/chains.ts';
import type { TreasurySendRecord } from '#shared/treasury/records.ts';

/**
 * A send to an address another provider holds carries its IVMS101 data as the Travel Rule Protocol (TRP, OpenVASP,
 * version 3) transfer inquiry: a JSON body posted over mutually authenticated TLS to the beneficiary provider's
 * travel address, which approves or rejects it at `callback`. The body is built and stored with the send; posting
 * it is the `TravelRuleTransport` port's, which this service does not implement yet (no provider is connected).
 */

/** EIP-155 chain ids (CAIP-2 `eip155:<id>`) of the chains USDC leaves on. */
const CHAIN_IDS: Record<Chain, number> = {
  ethereum: 1,
  base: 8453,
  polygon: 137,
  arbitrum: 42161,
  optimism: 10,
  avalanche: 43114,
};

export type TrpInquiry = {
  /** Header `api-version`. */
  apiVersion: '3.1.0';
  /** Header `request-identifier`: one per transfer, so a repeated post is the same inquiry. */
  requestIdentifier: string;
  body: {
    asset: { caip19: string };
    /** In the token's smallest unit, as a decimal string (no float). */
    amount: string;
    callback: string;
    IVMS101: NonNullable<TreasurySendRecord['travelRule']>['ivms101'];
  };
};

export type TravelRuleTransport = { postInquiry(travelAddress: string, inquiry: TrpInquiry): Promise<void> };

export function trpInquiry(
  send: TreasurySendRecord,
  usdcAddress: string,
  callbackBase: string,
): TrpInquiry | undefined {
  const rule = send.travelRule;
  if (rule?.custodian.type !== 'VASP') return undefined;
  return {
    apiVersion: '3.1.0',
    requestIdentifier: send.sendId,
    body: {
      asset: { caip19: `eip155:${CHAIN_IDS[send.chain]}/erc20:${usdcAddress.toLowerCase()}` },
      amount: `${send.amountMicro}`,
      callback: `${callbackBase.replace(/\/$/, '')}/travel-rule/trp/${send.sendId}`,
      IVMS101: rule.ivms101,
    },
  };
}
