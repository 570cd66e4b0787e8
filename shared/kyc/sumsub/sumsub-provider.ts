import type { VerifiedIdentity } from '#shared/customers/apply-kyc-verdict.ts';
import { type Address, KYC_LEVELS, type KycLevel } from '#shared/customers/records.ts';
import { isPastCalendarDate } from '#shared/customers/schemas.ts';
import type { KycProvider, ProviderEvent } from '#shared/kyc/port.ts';
import { ProviderPayloadError } from '#shared/kyc/port.ts';
import {
  ApplicantSchema,
  CreatedApplicantSchema,
  createdAtOf,
  type SumsubAddress,
  type SumsubApplicant,
  type SumsubWebhook,
  WebhookPayloadSchema,
  WebSdkLinkSchema,
} from '#shared/kyc/sumsub/payloads.ts';
import { digestMatches, signedHeaders } from '#shared/kyc/sumsub/signing.ts';
import * as z from '#shared/validation/zod.ts';

/** What the Sumsub adapter needs: its API, the app token pair and the webhook secret (Secrets Manager). */
export type SumsubCredentials = { appToken: string; secretKey: string; webhookSecret: string };

export type SumsubOptions = {
  baseUrl: string;
  credentials: SumsubCredentials;
  /** Seconds since the epoch, for `X-App-Access-Ts` (Sumsub refuses more than a minute off its clock). */
  nowSeconds: () => number;
  fetch?: typeof fetch;
  /** How long a hosted-flow link lives (Sumsub's `ttlInSecs`). */
  linkTtlSeconds?: number;
};

/** A call to Sumsub's API answered with an error: its status and Sumsub's `description`. */
export class SumsubApiError extends Error {
  constructor(
    readonly status: number,
    description: string,
  ) {
    super(`Sumsub answered ${status}: ${description}`);
  }
}

export function sumsubProvider(options: SumsubOptions): KycProvider {
  const send = async <S extends z.ZodMiniType>(method: 'GET' | 'POST', path: string, body: unknown, schema: S) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers = {
      accept: 'application/json',
      // Sumsub asks JS backends to send it even with an empty body.
      'content-type': 'application/json',
      ...signedHeaders(options.credentials, { method, path, body: text, ts: options.nowSeconds() }),
    };
    const response = await (options.fetch ?? fetch)(`${options.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { description?: string };
    if (!response.ok) throw new SumsubApiError(response.status, String(answer.description ?? response.statusText));
    return z.parse(schema, answer) as z.output<S>;
  };
  const applicantOf = (externalUserId: string) =>
    send(
      'GET',
      `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
      undefined,
      ApplicantSchema,
    );

  return {
    async ensureApplicant({ externalUserId, accountType, level, email }) {
      const path = `/resources/applicants?levelName=${encodeURIComponent(level)}`;
      const body = {
        externalUserId,
        email,
        type: accountType === 'corporate' ? 'company' : 'individual',
      };
      try {
        return (await send('POST', path, body, CreatedApplicantSchema)).id;
      } catch (error) {
        // Sumsub keeps one applicant per externalUserId: a second creation (a retry, a restart) is a 409.
        if (!(error instanceof SumsubApiError) || error.status !== 409) throw error;
        return (await applicantOf(externalUserId)).id;
      }
    },

    async flowLink({ externalUserId, level }) {
      const body = { levelName: level, userId: externalUserId, ttlInSecs: options.linkTtlSeconds ?? 1800 };
      return (await send('POST', '/resources/sdkIntegrations/levels/-/websdkLink', body, WebSdkLinkSchema)).url;
    },

    async verifiedIdentity(applicantId, fallback) {
      const applicant = await send(
        'GET',
        `/resources/applicants/${encodeURIComponent(applicantId)}/one`,
        undefined,
        ApplicantSchema,
      );
      return identityOf(applicant, fallback.address);
    },

    readWebhook(body, header) {
      if (
        !digestMatches(
          options.credentials.webhookSecret,
          body,
          header('x-payload-digest'),
          header('x-payload-digest-alg'),
        )
      )
        return undefined;
      return eventOf(parseWebhook(body));
    },
  };
}

function parseWebhook(body: Buffer): SumsubWebhook {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ProviderPayloadError('the webhook body is not JSON');
  }
  const parsed = z.safeParse(WebhookPayloadSchema, json);
  if (!parsed.success)
    throw new ProviderPayloadError(`the webhook is not one Sumsub documents: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

const isKycLevel = (level: string | undefined): level is KycLevel =>
  (KYC_LEVELS as readonly (string | undefined)[]).includes(level);

/** `applicantReviewed` GREEN approves; RED rejects, for good when `reviewRejectType` is FINAL. */
function eventOf(payload: SumsubWebhook): ProviderEvent {
  const base = { eventId: payload.correlationId, createdAt: createdAtOf(payload), applicantId: payload.applicantId };
  switch (payload.type) {
    case 'applicantReviewed': {
      const result = payload.reviewResult;
      if (!result) throw new ProviderPayloadError('applicantReviewed without reviewResult');
      if (result.reviewAnswer === 'GREEN')
        return { ...base, happened: { kind: 'reviewed', verdict: { answer: 'APPROVED' } } };
      const reason = result.moderationComment ?? (result.rejectLabels?.length ? result.rejectLabels.join(', ') : null);
      return {
        ...base,
        happened: {
          kind: 'reviewed',
          verdict: { answer: 'REJECTED', final: result.reviewRejectType === 'FINAL', reason },
        },
      };
    }
    case 'applicantPending':
      return { ...base, happened: { kind: 'pending' } };
    case 'applicantLevelChanged':
      return {
        ...base,
        happened: { kind: 'levelChanged', level: isKycLevel(payload.levelName) ? payload.levelName : null },
      };
    default:
      return { ...base, happened: { kind: 'ignored', type: payload.type } };
  }
}

/** An address Sumsub verified, in the service's shape; undefined when a part the service needs is missing. */
function addressOf(address: SumsubAddress | undefined): Address | undefined {
  if (!address?.street || !address.town || !address.postCode || !address.country) return undefined;
  const line = [address.street, address.buildingNumber].filter(Boolean).join(' ');
  return {
    addressLine1: address.flatNumber ? `${line}, ${address.flatNumber}` : line,
    city: address.town,
    postalCode: address.postCode,
    country: address.country,
  };
}

const fullName = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
const dateOrNull = (value: string | undefined) => (value && isPastCalendarDate(value) ? value : null);

/**
 * The verified identity of a reviewed applicant. Names in Latin letters where Sumsub transliterated them (`*En`);
 * a corporate's registered name, number, country and owners from `companyInfo`. The address on file stands in
 * only when the provider verified none (a corporate's registered address given at creation).
 */
export function identityOf(applicant: SumsubApplicant, addressOnFile: Address | null): VerifiedIdentity {
  const { info } = applicant;
  const company = info.companyInfo;
  if (company) {
    const address = addressOf(company.address) ?? addressOnFile;
    if (!address) throw new ProviderPayloadError('the company has no verified address');
    return {
      name: company.companyName,
      address,
      nationality: null,
      dateOfBirth: null,
      company: {
        registeredName: company.companyName,
        registrationNumber: company.registrationNumber ?? null,
        country: company.country,
        beneficialOwners: company.beneficiaries.flatMap((owner) => {
          const name = fullName(owner.beneficiaryInfo?.firstName, owner.beneficiaryInfo?.lastName);
          if (!name) return [];
          return [
            {
              name,
              dateOfBirth: dateOrNull(owner.beneficiaryInfo?.dob),
              nationality: owner.beneficiaryInfo?.nationality ?? null,
              ownershipPercent: owner.shareSize === undefined ? null : String(owner.shareSize),
            },
          ];
        }),
      },
    };
  }
  const name = fullName(
    info.firstNameEn ?? info.firstName,
    info.middleNameEn ?? info.middleName,
    info.lastNameEn ?? info.lastName,
  );
  if (!name) throw new ProviderPayloadError('the applicant has no verified name');
  const address = addressOf(info.addresses?.[0]) ?? addressOnFile;
  if (!address) throw new ProviderPayloadError('the applicant has no verified address');
  return {
    name,
    address,
    nationality: info.nationality ?? null,
    dateOfBirth: dateOrNull(info.dob),
    company: null,
  };
}
