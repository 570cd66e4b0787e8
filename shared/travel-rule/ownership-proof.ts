import { verifyMessage } from 'viem';
import type { Db } from '#shared/db/client.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import { type OwnershipProofRecord, OwnershipProofRecordSchema } from '#shared/travel-rule/records.ts';
import { PROOF_REFUSED } from '#shared/travel-rule/travel-rule-rules.ts';

/**
 * Proof that a customer controls a self-hosted address (EU Transfer of Funds Regulation art. 14(5): above EUR 1,000
 * the provider assesses that its customer owns or controls it): the address signs, as EIP-191 `personal_sign`, the
 * service's message naming the address, the customer and the organization. The signer is recovered (viem) and must be
 * the address itself; the message and signature are stored as the evidence. A signature by any other key, or of any
 * other text, proves nothing and is refused.
 */

/** The text the address signs: fixed per organization, customer and address, so a proof cannot be replayed elsewhere. */
export const ownershipMessage = (organizationId: string, customerId: string, address: string) =>
  [
    'I control this address and receive USDC at it.',
    `Address: ${toChecksumAddress(address)}`,
    `Customer: ${customerId}`,
    `Organization: ${organizationId}`,
  ].join('\n');

export async function proveAddressOwnership(
  deps: Deps,
  input: { organizationId: string; customerId: string; address: string; signature: string },
): Promise<OwnershipProofRecord> {
  const address = toChecksumAddress(input.address);
  const message = ownershipMessage(input.organizationId, input.customerId, address);
  if (!/^0x[0-9a-fA-F]{130}$/.test(input.signature)) throw PROOF_REFUSED.error();
  const signature = input.signature as `0x${string}`;
  const valid = await verifyMessage({ address: address as `0x${string}`, message, signature }).catch(() => false);
  if (!valid) throw PROOF_REFUSED.error();
  const proof: OwnershipProofRecord = {
    organizationId: input.organizationId,
    customerId: input.customerId,
    address,
    message,
    signature,
    verifiedAt: deps.clock.now().toISOString(),
  };
  // A later proof of the same address replaces the earlier: both prove the same control.
  await writeGuarded(deps.db, [
    {
      role: 'proof',
      item: {
        Put: {
          TableName: deps.db.tableName,
          Item: {
            ...keys.addressOwnershipProof(proof.organizationId, proof.customerId, address),
            entity: 'ADDRESSPROOF',
            ...proof,
          },
        },
      },
    },
  ]);
  return proof;
}

export const getOwnershipProof = (db: Db, organizationId: string, customerId: string, address: string) =>
  readItem(db, keys.addressOwnershipProof(organizationId, customerId, address), (item) =>
    OwnershipProofRecordSchema.parse({ ...item }),
  );
