import {
  BankQueueEntrySchema,
  ReviewRejectBody,
  VirtualAccountQueueEntrySchema,
} from '#shared/reviews/queue-schemas.ts';
import type { routes } from '#shared/reviews/routes.ts';
import {
  ApproveKycReviewBody,
  ChangeReviewSettingsBody,
  KycQueueEntrySchema,
  KycReviewOutcomeSchema,
  KycReviewSchema,
  RejectKycReviewBody,
  ReviewDocumentSchema,
  ReviewSettingsSchema,
} from '#shared/reviews/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

/** The reviewers' words of the console's OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    consoleListKycQueue: { summary: 'Customers whose KYC submission waits for a reviewer, newest first' },
    consoleGetKycReview: {
      summary: "A customer's review: the documents behind short-lived presigned links, and a verdict waiting, if any",
    },
    consoleApproveKycReview: {
      summary:
        'Approve with the verified name and address (with two reviewers: the second member giving the same decides)',
    },
    consoleRejectKycReview: { summary: 'Reject with a reason: RETRY lets the customer submit again, FINAL never' },
    consoleGetReviewSettings: { summary: 'How many different members must give a KYC verdict' },
    consoleChangeReviewSettings: { summary: 'Require one or two reviewers for a KYC verdict (owners; audited)' },
    consoleListBankQueue: { summary: 'Withdrawal banks waiting for review (third parties, SWIFT), oldest first' },
    consoleApproveBankReview: {
      summary: 'Approve a bank waiting for review: ACTIVE, its deposit wallets enabled (audited)',
    },
    consoleRejectBankReview: { summary: 'Reject a bank waiting for review, with a reason (audited)' },
    consoleListVirtualAccountQueue: { summary: 'Virtual accounts requested and waiting for review, oldest first' },
    consoleApproveVirtualAccountReview: { summary: 'Open a requested virtual account: ACTIVE with its IBAN (audited)' },
    consoleRejectVirtualAccountReview: { summary: 'Refuse a requested virtual account, with a reason (audited)' },
  },
  schemas: [
    schemaProse(ApproveKycReviewBody, {
      id: 'ApproveKycReviewRequest',
      examples: [
        {
          verifiedName: 'Ada Lovelace',
          address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' },
          nationality: 'GB',
          dateOfBirth: '1990-12-10',
        },
      ],
      shape: {
        verifiedName: {
          description:
            "The name as the documents show it (a corporate's registered name): every withdrawal bank of the " +
            'customer must be in it.',
          examples: ['Ada Lovelace'],
        },
        nationality: {
          description:
            'Individuals: the nationality the documents show (ISO 3166-1 alpha-2); none if not given. Virtual ' +
            'accounts answer it as `addressDetails.nationality`.',
          examples: ['GB'],
        },
        dateOfBirth: {
          description: 'Individuals: the date of birth the documents show (`YYYY-MM-DD`); none if not given.',
          examples: ['1990-12-10'],
        },
        registrationNumber: {
          description: "Corporates: the company's registration number; it is registered in the address's country.",
          examples: ['HRB 12345'],
        },
      },
    }),
    schemaProse(RejectKycReviewBody, {
      id: 'RejectKycReviewRequest',
      examples: [{ reason: 'Document expired', rejectType: 'RETRY' }],
      shape: {
        reason: { description: 'Why, as the reviewer saw it (audited)', examples: ['Document expired'] },
        rejectType: {
          description: '`RETRY`: the customer may submit again; `FINAL`: never again (KYC is refused for good).',
        },
      },
    }),
    schemaProse(KycQueueEntrySchema, { id: 'KycQueueEntry' }),
    schemaProse(ReviewDocumentSchema, {
      shape: {
        url: {
          description: 'A presigned GET of the document in its bucket, valid until `urlExpiresAt` (never proxied)',
        },
      },
    }),
    schemaProse(KycReviewSchema, { id: 'KycReview' }),
    schemaProse(KycReviewOutcomeSchema, { id: 'KycReviewOutcome' }),
    schemaProse(ReviewSettingsSchema, { id: 'ReviewSettings' }),
    schemaProse(ChangeReviewSettingsBody, {
      id: 'ChangeReviewSettingsRequest',
      examples: [{ requiredReviewers: 2 }],
      shape: { requiredReviewers: { description: 'How many different members must give a KYC verdict: 1 or 2' } },
    }),
    schemaProse(ReviewRejectBody, {
      id: 'ReviewRejectRequest',
      examples: [{ reason: 'Beneficiary unknown' }],
      shape: { reason: { description: 'Why (sent with the event, audited)', examples: ['Beneficiary unknown'] } },
    }),
    schemaProse(BankQueueEntrySchema, { id: 'BankQueueEntry' }),
    schemaProse(VirtualAccountQueueEntrySchema, { id: 'VirtualAccountQueueEntry' }),
  ],
};
