import { postDocument, SAMPLE_FILES } from '#test/support/customers/document-uploads.ts';
import type { useApi } from '#test/support/http/local-api.ts';

type Request = ReturnType<typeof useApi>['request'];
type Body = Record<string, unknown>;

/**
 * A customer whose KYC waits for the organization's reviewers, as an integrator gets one there: created, KYC
 * started, a passport and a proof of address uploaded (the upload that completes the steps submits the review).
 */
export async function givenCustomerAwaitingReview(request: Request, key: string, name = 'MARCO ROSSI') {
  const created = await request<Body>('POST', '/customers', {
    key,
    body: { name, accountType: 'individual', email: `${crypto.randomUUID().slice(0, 8)}@example.com` },
  });
  if (created.status !== 201) throw new Error(`customer not created: ${JSON.stringify(created.body)}`);
  const customerId = created.body.customerId as string;
  await request('POST', `/customers/${customerId}/kyc`, { key });
  const path = `/customers/${customerId}/documents`;
  await postDocument(request, path, key, { idDocType: 'PASSPORT', country: 'ITA' }, { bytes: SAMPLE_FILES.jpeg });
  const last = await postDocument(
    request,
    path,
    key,
    { idDocType: 'PROOF_OF_ADDRESS', country: 'ITA' },
    { bytes: SAMPLE_FILES.pdf },
  );
  if (last.body.reviewTriggered !== true) throw new Error(`review not submitted: ${JSON.stringify(last.body)}`);
  return { customerId };
}

export const VERIFIED = {
  verifiedName: 'Marco Rossi',
  address: { addressLine1: 'Via Roma 1', city: 'Milano', country: 'IT', postalCode: '20121' },
};
