import type { IdDocSubType, IdDocType, KycDocumentRecord, KycDocuments } from '#shared/customers/records.ts';
import { FieldError, PayloadTooLargeError, refusal } from '#shared/errors.ts';

/** The rules of KYC document uploads (Compose's uploadCustomerDocument page): pure, tested without a database. */

/** Compose's 409 for an upload while a review is under way. */
export const VERIFICATION_IN_PROGRESS = refusal(409, 'Verification already in progress for this customer');

/** Compose's limit on one document. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** A whole upload: room for the form's other parts and the multipart framing around the largest document. */
export const MAX_DOCUMENT_FORM_BYTES = 11 * 1024 * 1024;

/** Documents with two sides: a step needs both (`idDocSubType` FRONT_SIDE and BACK_SIDE). */
const TWO_SIDED: readonly IdDocType[] = ['ID_CARD', 'DRIVERS'];

type DocumentContentType = KycDocumentRecord['contentType'];

/**
 * What the bytes are, by their signature, never by the file name or the declared type: JPEG (`FF D8 FF`), PNG (its
 * 8-byte signature) or PDF (`%PDF-`). Anything else, empty or too large, is refused.
 */
export function documentContentType(bytes: Buffer): DocumentContentType {
  if (bytes.length === 0) throw new FieldError('file', 'Must not be empty');
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new PayloadTooLargeError(MAX_DOCUMENT_BYTES, 'file');
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  throw new FieldError('file', 'Must be a JPEG, PNG or PDF file (recognized by its content)');
}

/** A two-sided document names its side; a one-sided one may not name a back. */
export function checkSide(idDocType: IdDocType, idDocSubType: IdDocSubType | undefined): void {
  if (TWO_SIDED.includes(idDocType) && idDocSubType === undefined) {
    throw new FieldError('idDocSubType', `Required for ${idDocType}: FRONT_SIDE or BACK_SIDE`);
  }
  if (!TWO_SIDED.includes(idDocType) && idDocSubType === 'BACK_SIDE') {
    throw new FieldError('idDocSubType', `${idDocType} has no BACK_SIDE`);
  }
}

/** The steps after one more upload: proof of address counts; an identity document of a new type starts over. */
export function withUpload(
  documents: KycDocuments,
  upload: { idDocType: IdDocType; idDocSubType?: IdDocSubType | undefined },
): KycDocuments {
  if (upload.idDocType === 'PROOF_OF_ADDRESS') {
    return { ...documents, proofOfAddress: { count: documents.proofOfAddress.count + 1 } };
  }
  const same = documents.identity.documentType === upload.idDocType;
  const sides = same ? documents.identity.sides : [];
  const side = upload.idDocSubType ?? 'FRONT_SIDE';
  return {
    ...documents,
    identity: {
      documentType: upload.idDocType,
      sides: sides.includes(side) ? sides : [...sides, side],
      count: (same ? documents.identity.count : 0) + 1,
    },
  };
}

/** Every step has what it needs: an identity document (both sides of a two-sided one) and a proof of address. */
export function documentsComplete(documents: KycDocuments): boolean {
  const { documentType, sides } = documents.identity;
  if (documentType === null || documents.proofOfAddress.count === 0) return false;
  return !TWO_SIDED.includes(documentType) || (sides.includes('FRONT_SIDE') && sides.includes('BACK_SIDE'));
}
