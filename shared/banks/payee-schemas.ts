import { PayeeVerificationRecordSchema, PrenoteRecordSchema } from '#shared/banks/records.ts';
import * as z from '#shared/validation/zod.ts';

/** The bank's Verification of Payee, as answered on the bank object (null on banks registered before it). */
export const PayeeVerificationSchema = z.nullable(PayeeVerificationRecordSchema);

/** The bank's ACH prenote, as answered on the bank object (null until one is requested). */
export const PrenoteSchema = z.nullable(PrenoteRecordSchema);
