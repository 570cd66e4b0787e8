import { describe, expect, it } from 'vitest';
import {
  checkSide,
  documentContentType,
  documentsComplete,
  MAX_DOCUMENT_BYTES,
  withUpload,
} from '#shared/customers/kyc-documents.ts';
import { NO_KYC_DOCUMENTS } from '#shared/customers/records.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const PDF = Buffer.from('%PDF-1.4\n');

describe('KYC document rules', () => {
  it('knows JPEG, PNG and PDF by their signatures and nothing else', () => {
    expect([JPEG, PNG, PDF].map(documentContentType)).toEqual(['image/jpeg', 'image/png', 'application/pdf']);
    for (const bytes of [Buffer.from('GIF89a'), Buffer.from('%PDF'), Buffer.from([0xff, 0xd8]), PNG.subarray(0, 7)]) {
      expect(() => documentContentType(bytes)).toThrow('Must be a JPEG, PNG or PDF file');
    }
    expect(() => documentContentType(Buffer.alloc(0))).toThrow('Must not be empty');
    expect(() => documentContentType(Buffer.concat([JPEG, Buffer.alloc(MAX_DOCUMENT_BYTES)]))).toThrow(
      expect.objectContaining({ statusCode: 413, message: 'file exceeds 10 MB' }),
    );
  });

  it('needs the side of two-sided documents and refuses a back for one-sided ones', () => {
    expect(() => checkSide('ID_CARD', undefined)).toThrow('Required for ID_CARD');
    expect(() => checkSide('DRIVERS', undefined)).toThrow('Required for DRIVERS');
    expect(() => checkSide('PASSPORT', 'BACK_SIDE')).toThrow('PASSPORT has no BACK_SIDE');
    expect(() => checkSide('PASSPORT', undefined)).not.toThrow();
    expect(() => checkSide('ID_CARD', 'BACK_SIDE')).not.toThrow();
  });

  it('completes the steps with an identity document (every side) and a proof of address', () => {
    const front = withUpload(NO_KYC_DOCUMENTS, { idDocType: 'ID_CARD', idDocSubType: 'FRONT_SIDE' });
    const proof = withUpload(front, { idDocType: 'PROOF_OF_ADDRESS' });
    const back = withUpload(proof, { idDocType: 'ID_CARD', idDocSubType: 'BACK_SIDE' });
    const switched = withUpload(back, { idDocType: 'DRIVERS', idDocSubType: 'BACK_SIDE' });
    const passport = withUpload(withUpload(NO_KYC_DOCUMENTS, { idDocType: 'PASSPORT' }), {
      idDocType: 'PROOF_OF_ADDRESS',
    });

    expect([front, proof, back, switched, passport].map(documentsComplete)).toEqual([false, false, true, false, true]);
    expect(back.identity).toEqual({ documentType: 'ID_CARD', sides: ['FRONT_SIDE', 'BACK_SIDE'], count: 2 });
    // A new type of identity document starts over; the proof of address stays.
    expect(switched).toEqual({
      identity: { documentType: 'DRIVERS', sides: ['BACK_SIDE'], count: 1 },
      proofOfAddress: { count: 1 },
    });
  });
});
