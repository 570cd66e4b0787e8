import type { CustomerRecord, KycStatus } from '#shared/customers/records.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Compose's `kyc` object of a customer (its getCustomer page and demo): the verification as steps. Derived from
 * the customer's `kycStatus` and the documents uploaded through the API: the provider decides the verification as
 * one decision, so after a verdict every step shows it; before, a step with uploads shows them.
 */
const StepStatusSchema = z.enum(['not_started', 'uploaded', 'pending', 'approved', 'rejected']);
type StepStatus = z.infer<typeof StepStatusSchema>;

const DocumentStepSchema = z.object({
  status: StepStatusSchema,
  documentType: z.nullable(z.string()),
  documentsCount: z.number().check(z.int(), z.gte(0)),
});

export const KycLevelName = 'customers-api-basic';

export const KycSchema = z
  .object({
    kycVerified: z.boolean(),
    stepsStatus: z.enum(['incomplete', 'pending', 'approved', 'rejected']),
    attempts: z.number().check(z.int(), z.gte(0)),
    levelName: z.string(),
    steps: z.object({
      identity: DocumentStepSchema,
      proofOfAddress: DocumentStepSchema,
      questionnaire: z.object({ status: StepStatusSchema }),
    }),
  })
  .check(
    z.meta({
      id: 'CustomerKyc',
      examples: [
        {
          kycVerified: true,
          stepsStatus: 'approved',
          attempts: 1,
          levelName: KycLevelName,
          steps: {
            identity: { status: 'approved', documentType: 'PASSPORT', documentsCount: 1 },
            proofOfAddress: { status: 'approved', documentType: 'UTILITY_BILL', documentsCount: 1 },
            questionnaire: { status: 'approved' },
          },
        },
      ],
    }),
  );
export type Kyc = z.infer<typeof KycSchema>;

const STEPS_STATUS = {
  NOT_STARTED: 'incomplete',
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
} as const satisfies Record<KycStatus, Kyc['stepsStatus']>;

const STEP_STATUS = {
  NOT_STARTED: 'not_started',
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
} as const satisfies Record<KycStatus, StepStatus>;

export function toKyc(
  record: Pick<CustomerRecord, 'kycStatus'> &
    Partial<Pick<CustomerRecord, 'kycAttempts' | 'kycInReview' | 'kycDocuments' | 'kycLevel'>>,
): Kyc {
  const started = record.kycStatus !== 'NOT_STARTED';
  const decided = record.kycStatus === 'APPROVED' || record.kycStatus === 'REJECTED';
  const uploads = record.kycDocuments;
  // Before a verdict, a step with documents and no review under way shows them as `uploaded`.
  const stepStatus = (count: number): StepStatus =>
    !decided && count > 0 && !record.kycInReview ? 'uploaded' : STEP_STATUS[record.kycStatus];
  const document = (count: number, uploadedType: string | null, decidedType: string) => ({
    status: stepStatus(count),
    // A verdict reached through the hosted flow had its documents there: one, of the usual type, at least.
    documentType: uploadedType ?? (decided ? decidedType : null),
    documentsCount: decided ? Math.max(count, 1) : count,
  });
  const identity = uploads?.identity ?? { documentType: null, count: 0 };
  const proofOfAddress = uploads?.proofOfAddress ?? { count: 0 };
  return {
    kycVerified: record.kycStatus === 'APPROVED',
    stepsStatus: STEPS_STATUS[record.kycStatus],
    // Submissions counted; a flow the provider decided without a manual submission was its first attempt.
    attempts: Math.max(record.kycAttempts ?? 0, started ? 1 : 0),
    levelName: record.kycLevel ?? KycLevelName,
    steps: {
      identity: document(identity.count, identity.documentType, 'PASSPORT'),
      proofOfAddress: document(
        proofOfAddress.count,
        proofOfAddress.count > 0 ? 'PROOF_OF_ADDRESS' : null,
        'UTILITY_BILL',
      ),
      questionnaire: { status: STEP_STATUS[record.kycStatus] },
    },
  };
}
