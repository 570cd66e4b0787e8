import {
  checkSide,
  documentContentType,
  documentsComplete,
  VERIFICATION_IN_PROGRESS,
  withUpload,
} from '#shared/customers/kyc-documents.ts';
import { KYC_REJECTED_FOR_GOOD, KYC_STATUS_CHANGED, NOT_INITIATED } from '#shared/customers/kyc-rules.ts';
import type { CustomerRecord, IdDocSubType, IdDocType, KycDocumentRecord } from '#shared/customers/records.ts';
import { CustomerStateChangedError, recordKycDocument } from '#shared/customers/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { KYC_COMPLETED, MAX_KYC_ATTEMPTS } from '#shared/customers/submit-kyc.ts';
import { retryOnConflict } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { newId, sha256Hex } from '#shared/ids.ts';
import { documentKey, documentStoreFor } from '#shared/rails/documents/document-store.ts';
import type { UploadedFile } from '#shared/routing/route.ts';

export type DocumentUpload = {
  organizationId: string;
  customerId: string;
  idDocType: IdDocType;
  idDocSubType?: IdDocSubType | undefined;
  country: string;
  file: UploadedFile;
};

export type DocumentUploaded = {
  success: true;
  idDocType: IdDocType;
  idDocSubType: IdDocSubType | null;
  country: string;
  reviewTriggered: boolean;
};

/**
 * Compose's `POST /customers/{customerId}/documents`: one KYC document, JPEG, PNG or PDF by its content, at most
 * 10 MB. Only after `POST .../kyc` (400 before), never while a review is under way or once approved (409). The
 * bytes go to the document store first (so no record ever names a missing object), then one transaction records
 * the document and moves the customer's steps; the upload that completes them (an identity document with every
 * side, and a proof of address) submits the KYC for review, as `kyc/submit` does (`reviewTriggered: true`,
 * `customer.kyc.submitted`), while attempts remain.
 */
export async function uploadDocument(deps: Deps, request: DocumentUpload): Promise<DocumentUploaded> {
  const upload = { ...request, country: request.country.toUpperCase() };
  checkSide(upload.idDocType, upload.idDocSubType);
  const contentType = documentContentType(upload.file.bytes);
  const customer = await requireCustomer(deps, upload.organizationId, upload.customerId);
  if (customer.kycRejection?.final) throw KYC_REJECTED_FOR_GOOD.error();
  refuseUnlessOpen(customer);
  const documentId = newId();
  const sha256 = sha256Hex(upload.file.bytes);
  const objectKey = documentKey(upload.organizationId, upload.customerId, documentId);
  await documentStoreFor(deps.config).put({ key: objectKey, bytes: upload.file.bytes, contentType, sha256 });
  const document: KycDocumentRecord = {
    documentId,
    organizationId: upload.organizationId,
    customerId: upload.customerId,
    idDocType: upload.idDocType,
    idDocSubType: upload.idDocSubType ?? null,
    country: upload.country,
    contentType,
    size: upload.file.bytes.length,
    sha256,
    objectKey,
    uploadedAt: deps.clock.now().toISOString(),
  };
  const reviewTriggered = await record(deps, upload, customer, document);
  return {
    success: true,
    idDocType: upload.idDocType,
    idDocSubType: upload.idDocSubType ?? null,
    country: upload.country,
    reviewTriggered,
  };
}

const MAX_DECISIONS = 5;

/**
 * Records the document and moves the steps; whether this upload submitted the review. A customer changed between
 * the read and the write (a verdict, another upload) is read again and decided on afresh.
 */
async function record(
  deps: Deps,
  upload: DocumentUpload,
  firstRead: CustomerRecord,
  document: KycDocumentRecord,
): Promise<boolean> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const customer = decision === 1 ? firstRead : await requireCustomer(deps, upload.organizationId, upload.customerId);
    refuseUnlessOpen(customer);
    const documents = withUpload(customer.kycDocuments, upload);
    const submits = documentsComplete(documents) && customer.kycAttempts < MAX_KYC_ATTEMPTS;
    const now = deps.clock.now();
    const attempt = customer.kycAttempts + 1;
    const submission = submits
      ? {
          attempt,
          event: eventRecord({
            organizationId: upload.organizationId,
            type: 'customer.kyc.submitted',
            data: { customer_id: customer.customerId, attempt },
            now,
          }),
        }
      : undefined;
    try {
      await retryOnConflict(() =>
        recordKycDocument(deps.db, { customer, document, documents, now, ...(submission ? { submission } : {}) }),
      );
      return submits;
    } catch (error) {
      if (!(error instanceof CustomerStateChangedError)) throw error;
    }
  }
  throw KYC_STATUS_CHANGED.error();
}

function refuseUnlessOpen(customer: { kycStatus: string; kycInReview: boolean }) {
  if (customer.kycStatus === 'NOT_STARTED') throw NOT_INITIATED.error();
  if (customer.kycStatus === 'APPROVED') throw new ConflictError(KYC_COMPLETED);
  if (customer.kycInReview) throw VERIFICATION_IN_PROGRESS.error();
}
