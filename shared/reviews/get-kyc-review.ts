import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { documentLinksFor } from '#shared/rails/documents/document-links.ts';
import { getKycReview, getReviewSettings, listKycDocuments } from '#shared/reviews/repository.ts';
import { awaitsReview } from '#shared/reviews/review-rules.ts';
import { queueEntryView } from '#shared/reviews/review-views.ts';

/**
 * One customer's review: who they say they are, each uploaded document behind a short-lived presigned link (the
 * reviewer's browser reads the bucket; no function relays the bytes), and the verdict waiting, if any.
 */
export async function getKycReviewOf(deps: Deps, actor: ConsoleActor, customerId: string) {
  const organizationId = actor.organization.organizationId;
  const customer = await requireCustomer(deps, organizationId, customerId);
  const [documents, review, settings] = await Promise.all([
    listKycDocuments(deps.db, organizationId, customerId),
    getKycReview(deps.db, organizationId, customerId, customer.kycAttempts),
    getReviewSettings(deps.db, organizationId),
  ]);
  const now = deps.clock.now();
  const links = documentLinksFor(deps.config, deps.config.reviews.documentUrlTtlS);
  const newestFirst = documents.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  return {
    customer: queueEntryView(customer, review),
    address: customer.address,
    kycStatus: customer.kycStatus,
    awaitingReview: awaitsReview(customer),
    requiredReviewers: review?.requiredReviewers ?? settings?.requiredReviewers ?? 1,
    documents: await Promise.all(
      newestFirst.map(async (document) => {
        const link = await links.link(document.objectKey, document.contentType, now);
        return {
          documentId: document.documentId,
          idDocType: document.idDocType,
          idDocSubType: document.idDocSubType,
          country: document.country,
          contentType: document.contentType,
          size: document.size,
          uploadedAt: document.uploadedAt,
          url: link.url,
          urlExpiresAt: link.expiresAt,
        };
      }),
    ),
  };
}
