import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerEvents } from '#test/support/customers/customer-events.ts';
import { postDocument, SAMPLE_FILES, storedDocuments, storedObject } from '#test/support/customers/document-uploads.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * KYC documents through the local API and its S3-compatible store (Compose's uploadCustomerDocument page,
 * compose.finance/docs/api/kyc-verification/uploadCustomerDocument, and the demo's form fields).
 */
const deps = integrationDeps();
const { request } = useApi();

type Body = Record<string, unknown>;

/** A customer of a new organization, with KYC initiated unless told otherwise. */
async function givenCustomer(initiate = true) {
  const org = await givenOrganization(deps);
  const key = org.apiKey;
  const created = await request<Body>('POST', '/customers', {
    key,
    body: { name: 'MARCO ROSSI', accountType: 'individual', email: 'marco.rossi@example.com' },
  });
  const customerId = created.body.customerId as string;
  if (initiate) await request('POST', `/customers/${customerId}/kyc`, { key });
  const path = `/customers/${customerId}/documents`;
  const upload = (fields: Record<string, string>, file?: Parameters<typeof postDocument>[4]) =>
    postDocument(request, path, key, fields, file);
  return { key, customerId, organizationId: org.organizationId, path, upload };
}

const customerKyc = async (key: string, customerId: string) =>
  (await request<Body>('GET', `/customers/${customerId}`, { key })).body.kyc as Body;

describe('KYC documents', () => {
  it('stores a passport, shows it as uploaded, and submits the review with the proof of address', async () => {
    const { key, customerId, organizationId, upload } = await givenCustomer();

    const passport = await upload(
      { idDocType: 'PASSPORT', country: 'gbr' },
      { bytes: SAMPLE_FILES.jpeg, filename: 'passport.jpg', type: 'image/jpeg' },
    );
    const afterPassport = await customerKyc(key, customerId);
    const proof = await upload(
      { idDocType: 'PROOF_OF_ADDRESS', country: 'GBR' },
      { bytes: SAMPLE_FILES.pdf, filename: 'bill.pdf', type: 'application/pdf' },
    );
    const afterProof = await customerKyc(key, customerId);
    const during = await upload({ idDocType: 'PASSPORT', country: 'GBR' }, { bytes: SAMPLE_FILES.jpeg });

    expect(passport).toMatchObject({
      status: 200,
      body: { success: true, idDocType: 'PASSPORT', idDocSubType: null, country: 'GBR', reviewTriggered: false },
    });
    expect(afterPassport).toMatchObject({
      stepsStatus: 'pending',
      steps: {
        identity: { status: 'uploaded', documentType: 'PASSPORT', documentsCount: 1 },
        proofOfAddress: { status: 'pending', documentType: null, documentsCount: 0 },
      },
    });
    expect(proof.body).toMatchObject({ idDocType: 'PROOF_OF_ADDRESS', reviewTriggered: true });
    expect(afterProof).toMatchObject({
      stepsStatus: 'pending',
      attempts: 1,
      steps: {
        identity: { status: 'pending', documentType: 'PASSPORT', documentsCount: 1 },
        proofOfAddress: { status: 'pending', documentType: 'PROOF_OF_ADDRESS', documentsCount: 1 },
      },
    });
    expect(during).toMatchObject({
      status: 409,
      body: { error: 'Verification already in progress for this customer' },
    });
    const events = await customerEvents(deps, customerId);
    expect(events.filter((event) => event.event_type === 'customer.kyc.submitted').map((e) => e.data)).toEqual([
      { customer_id: customerId, attempt: 1 },
    ]);
    // Both files are in the store, byte for byte, and recorded with the type their content has.
    const documents = await storedDocuments(deps, organizationId, customerId);
    expect(documents.map((document) => document.contentType).sort()).toEqual(['application/pdf', 'image/jpeg']);
    for (const document of documents) {
      const expected = document.contentType === 'application/pdf' ? SAMPLE_FILES.pdf : SAMPLE_FILES.jpeg;
      expect((await storedObject(deps, document.objectKey as string)).equals(expected)).toBe(true);
    }
    // After a verdict the steps show it.
    await request('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key });
    expect(await customerKyc(key, customerId)).toMatchObject({
      kycVerified: true,
      steps: { identity: { status: 'approved', documentType: 'PASSPORT', documentsCount: 1 } },
    });
    expect(await upload({ idDocType: 'PASSPORT', country: 'GBR' }, { bytes: SAMPLE_FILES.jpeg })).toMatchObject({
      status: 409,
      body: { error: 'Verification review is already completed for this customer' },
    });
  });

  it('needs both sides of an ID card before the review starts', async () => {
    const { upload } = await givenCustomer();
    const front = await upload(
      { idDocType: 'ID_CARD', idDocSubType: 'FRONT_SIDE', country: 'DEU' },
      { bytes: SAMPLE_FILES.png },
    );
    const proof = await upload({ idDocType: 'PROOF_OF_ADDRESS', country: 'DEU' }, { bytes: SAMPLE_FILES.pdf });
    const back = await upload(
      { idDocType: 'ID_CARD', idDocSubType: 'BACK_SIDE', country: 'DEU' },
      { bytes: SAMPLE_FILES.png },
    );

    expect([front.body.reviewTriggered, proof.body.reviewTriggered, back.body.reviewTriggered]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('recognizes the format by content, never by name or declared type', async () => {
    const { upload, organizationId, customerId } = await givenCustomer();

    const disguised = await upload(
      { idDocType: 'PASSPORT', country: 'GBR' },
      { bytes: Buffer.from('MZ\x90\x00 not an image'), filename: 'passport.jpg', type: 'image/jpeg' },
    );
    const misnamed = await upload(
      { idDocType: 'PASSPORT', country: 'GBR' },
      { bytes: SAMPLE_FILES.png, filename: 'passport.pdf', type: 'application/pdf' },
    );

    expect(disguised).toMatchObject({
      status: 400,
      body: { error: 'file: Must be a JPEG, PNG or PDF file (recognized by its content)' },
    });
    expect(misnamed.status).toBe(200);
    const [stored] = await storedDocuments(deps, organizationId, customerId);
    expect(stored).toMatchObject({ contentType: 'image/png', size: SAMPLE_FILES.png.length });
  });

  it('answers every malformed upload with a clear error and stores nothing', async () => {
    const { key, path, upload, organizationId, customerId } = await givenCustomer();
    const notInitiated = await givenCustomer(false);
    const file = { bytes: SAMPLE_FILES.jpeg };

    const cases: [() => Promise<{ status: number; body: Body }>, number, string][] = [
      [
        () => upload({ country: 'GBR' }, file),
        400,
        'idDocType: Must be one of: PASSPORT, ID_CARD, DRIVERS, RESIDENCE_PERMIT, PROOF_OF_ADDRESS',
      ],
      [
        () => upload({ idDocType: 'VISA', country: 'GBR' }, file),
        400,
        'idDocType: Must be one of: PASSPORT, ID_CARD, DRIVERS, RESIDENCE_PERMIT, PROOF_OF_ADDRESS',
      ],
      [
        () => upload({ idDocType: 'ID_CARD', country: 'GBR' }, file),
        400,
        'idDocSubType: Required for ID_CARD: FRONT_SIDE or BACK_SIDE',
      ],
      [
        () => upload({ idDocType: 'PASSPORT', country: 'UK' }, file),
        400,
        'country: Must be an ISO 3166-1 alpha-3 country code (e.g. GBR)',
      ],
      [
        () => upload({ idDocType: 'PASSPORT', country: 'GBR', nickname: 'x' }, file),
        400,
        'nickname: Unrecognized field',
      ],
      [() => upload({ idDocType: 'PASSPORT', country: 'GBR' }), 400, 'file: Required'],
      [
        () => upload({ idDocType: 'PASSPORT', country: 'GBR' }, { ...file, field: 'document' }),
        400,
        'document: Unrecognized field',
      ],
      [
        () => upload({ idDocType: 'PASSPORT', country: 'GBR' }, { bytes: Buffer.alloc(0) }),
        400,
        'file: Must not be empty',
      ],
      [
        () =>
          upload(
            { idDocType: 'PASSPORT', country: 'GBR' },
            { bytes: Buffer.concat([SAMPLE_FILES.jpeg, Buffer.alloc(10 * 1024 * 1024)]) },
          ),
        413,
        'file exceeds 10 MB',
      ],
      [
        () => upload({ idDocType: 'PASSPORT', country: 'GBR' }, { bytes: Buffer.alloc(11 * 1024 * 1024 + 1) }),
        413,
        'Request body exceeds 11 MB',
      ],
      [
        () => request<Body>('POST', `/customers/${customerId}/documents`, { key, body: { idDocType: 'PASSPORT' } }),
        415,
        'Content-Type must be multipart/form-data',
      ],
      [
        () => notInitiated.upload({ idDocType: 'PASSPORT', country: 'GBR' }, file),
        400,
        'Customer must initiate KYC verification first. Call POST /customers/{customerId}/kyc to start.',
      ],
      [
        () =>
          postDocument(
            request,
            path.replace(customerId, '00000000-0000-4000-8000-000000000000'),
            key,
            { idDocType: 'PASSPORT', country: 'GBR' },
            file,
          ),
        404,
        'Customer not found',
      ],
    ];
    for (const [answer, status, error] of cases) {
      expect(await answer()).toMatchObject({ status, body: { error } });
    }
    expect(await storedDocuments(deps, organizationId, customerId)).toEqual([]);
  });

  it('never answers a 5xx to random forms, and stores nothing for a refused one', async () => {
    const { upload, organizationId, customerId } = await givenCustomer();
    const text = fc.oneof(
      fc.constantFrom('PASSPORT', 'ID_CARD', 'FRONT_SIDE', 'GBR', ''),
      fc.string({ maxLength: 12 }),
    );
    const forms = fc.record(
      {
        idDocType: text,
        idDocSubType: text,
        country: text,
        extra: text,
      },
      { requiredKeys: [] },
    );
    const files = fc.option(
      fc.record({
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          fc.constantFrom(SAMPLE_FILES.jpeg, SAMPLE_FILES.png, SAMPLE_FILES.pdf),
        ),
        field: fc.constantFrom('file', 'document'),
      }),
      { nil: undefined },
    );
    let stored = (await storedDocuments(deps, organizationId, customerId)).length;

    await fc.assert(
      fc.asyncProperty(forms, files, async (fields, file) => {
        const answer = await upload(fields as Record<string, string>, file);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        const now = (await storedDocuments(deps, organizationId, customerId)).length;
        if (answer.status >= 400) {
          expect(answer.body).toEqual({ error: expect.any(String) });
          expect(now).toBe(stored);
        }
        stored = now;
      }),
      { numRuns: 60 },
    );
  });
});
