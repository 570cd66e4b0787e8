import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { payloadDigest, requestSignature } from '#shared/kyc/sumsub/signing.ts';
import type { SumsubCredentials } from '#shared/kyc/sumsub/sumsub-provider.ts';

/**
 * Sumsub's stand-in under `npm start` and in tests, on loopback: the API calls the service makes, checked as Sumsub
 * checks them (`X-App-Token`, `X-App-Access-Ts` within a minute, `X-App-Access-Sig`; 401 otherwise), and the hosted
 * page a WebSDK link leads to, where a person enters what the documents say and approves or rejects. The decision
 * is sent to the service as Sumsub sends it: `applicantPending`, then `applicantReviewed`, each signed with the
 * webhook secret (`X-Payload-Digest`, `X-Payload-Digest-Alg: HMAC_SHA256_HEX`). `moveToLevel` sends
 * `applicantLevelChanged`. In memory: applicants are gone when it stops.
 * Formats: https://docs.sumsub.com/reference/create-applicants, https://docs.sumsub.com/reference/get-applicant-data,
 * https://docs.sumsub.com/reference/generate-websdk-external-link, https://docs.sumsub.com/docs/user-verification-webhooks.
 */

type Address = { street: string; buildingNumber?: string; town: string; postCode: string; country: string };
type Applicant = {
  id: string;
  createdAt: string;
  externalUserId: string;
  type: 'individual' | 'company';
  levelName: string;
  email?: string;
  info: Record<string, unknown>;
  review: { reviewStatus: string; reviewResult?: Record<string, unknown> };
};

/** A webhook the stand-in sent: exactly what went over the wire, and the answer. */
export type SentWebhook = {
  type: string;
  body: string;
  headers: Record<string, string>;
  status: number;
  answer: string;
};

export type LocalSumsub = {
  baseUrl: string;
  credentials: SumsubCredentials;
  /** Every webhook sent, oldest first (tests replay and tamper with them). */
  sent: SentWebhook[];
  stop: () => Promise<void>;
};

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const bytesOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `yyyy-MM-dd HH:mm:ss.SSS` in UTC, as Sumsub writes `createdAtMs`. */
const sumsubTime = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

/** Draws the credentials a deployment would copy from Sumsub's dashboard into Secrets Manager. */
export function drawSumsubCredentials(): SumsubCredentials {
  return {
    appToken: `sbx:${randomBytes(16).toString('hex')}`,
    secretKey: randomBytes(24).toString('hex'),
    webhookSecret: randomBytes(24).toString('hex'),
  };
}

type StandIn = {
  credentials: SumsubCredentials;
  webhookUrl: () => string;
  applicants: Map<string, Applicant>;
  links: Map<string, { externalUserId: string; levelName: string; expiresAt: number }>;
  sent: SentWebhook[];
  origin: string;
};

export async function startLocalSumsub(input: {
  credentials: SumsubCredentials;
  /** Where webhooks go (the service's `/api/v2/kyc-providers/sumsub/webhook`); read when one is sent. */
  webhookUrl: () => string;
}): Promise<LocalSumsub> {
  const state: StandIn = { ...input, applicants: new Map(), links: new Map(), sent: [], origin: '' };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await bytesOf(request);
    try {
      if (url.pathname.startsWith('/websdk/p/')) return await hostedPage(state, request, response, url, body);
      authenticate(state, request, `${url.pathname}${url.search}`, body);
      const answer = await api(state, request.method ?? 'GET', url, body);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    } catch (error) {
      const status = error instanceof ApiRefusal ? error.status : 500;
      const description = error instanceof Error ? error.message : String(error);
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ description, code: status, correlationId: randomUUID() }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: state.origin,
    credentials: input.credentials,
    sent: state.sent,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const byExternalUserId = (state: StandIn, externalUserId: string) =>
  [...state.applicants.values()].find((a) => a.externalUserId === externalUserId);

async function sendWebhook(state: StandIn, applicant: Applicant, type: string, extra: Record<string, unknown> = {}) {
  const body = JSON.stringify({
    applicantId: applicant.id,
    inspectionId: applicant.id,
    applicantType: applicant.type,
    correlationId: `req-${randomUUID()}`,
    levelName: applicant.levelName,
    externalUserId: applicant.externalUserId,
    type,
    sandboxMode: false,
    reviewStatus: applicant.review.reviewStatus,
    createdAtMs: sumsubTime(new Date()),
    ...extra,
  });
  const headers = {
    'content-type': 'application/json',
    'x-payload-digest': payloadDigest(state.credentials.webhookSecret, 'HMAC_SHA256_HEX', body),
    'x-payload-digest-alg': 'HMAC_SHA256_HEX',
  };
  let status = 0;
  let answer = '';
  try {
    const response = await fetch(state.webhookUrl(), {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    answer = await response.text();
  } catch (error) {
    answer = String(error);
  }
  state.sent.push({ type, body, headers, status, answer });
  return { status, answer };
}

/** Refuses what Sumsub refuses: a missing token, a timestamp off by more than a minute, a wrong signature. */
function authenticate(state: StandIn, request: IncomingMessage, path: string, body: Buffer) {
  const token = request.headers['x-app-token'];
  const ts = Number(request.headers['x-app-access-ts']);
  const sig = String(request.headers['x-app-access-sig'] ?? '');
  if (token !== state.credentials.appToken) throw new ApiRefusal(401, 'App token is invalid');
  if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 60)
    throw new ApiRefusal(401, 'Request timestamp is out of range');
  const expected = requestSignature(state.credentials.secretKey, {
    method: request.method ?? 'GET',
    path,
    body: body.toString('utf8'),
    ts,
  });
  if (sig !== expected) throw new ApiRefusal(401, 'Request signature mismatch');
}

async function api(state: StandIn, method: string, url: URL, body: Buffer): Promise<unknown> {
  const json = () => (body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {});
  if (method === 'POST' && url.pathname === '/resources/applicants') {
    const levelName = url.searchParams.get('levelName');
    const { externalUserId, type, email } = json();
    if (!levelName || typeof externalUserId !== 'string')
      throw new ApiRefusal(400, 'levelName and externalUserId are required');
    const existing = byExternalUserId(state, externalUserId);
    if (existing)
      throw new ApiRefusal(409, `Applicant with external user id '${externalUserId}' already exists: ${existing.id}`);
    const applicant: Applicant = {
      id: randomBytes(12).toString('hex'),
      createdAt: sumsubTime(new Date()).slice(0, 19),
      externalUserId,
      type: type === 'company' ? 'company' : 'individual',
      levelName,
      ...(typeof email === 'string' ? { email } : {}),
      info: {},
      review: { reviewStatus: 'init' },
    };
    state.applicants.set(applicant.id, applicant);
    return applicant;
  }
  if (method === 'POST' && url.pathname === '/resources/sdkIntegrations/levels/-/websdkLink') {
    const { levelName, userId, ttlInSecs } = json();
    if (typeof levelName !== 'string' || typeof userId !== 'string')
      throw new ApiRefusal(400, 'levelName and userId are required');
    const token = randomBytes(16).toString('hex');
    state.links.set(token, {
      externalUserId: userId,
      levelName,
      expiresAt: Date.now() + Number(ttlInSecs ?? 1800) * 1000,
    });
    return { url: `${state.origin}/websdk/p/${token}` };
  }
  const one = /^\/resources\/applicants\/([^/]+)\/one$/.exec(url.pathname);
  if (method === 'GET' && one?.[1]) {
    const id = decodeURIComponent(one[1]);
    const external = /^-;externalUserId=(.+)$/.exec(id);
    const applicant = external?.[1] ? byExternalUserId(state, external[1]) : state.applicants.get(id);
    if (!applicant) throw new ApiRefusal(404, 'Applicant not found');
    return applicant;
  }
  const move = /^\/resources\/applicants\/([^/]+)\/moveToLevel$/.exec(url.pathname);
  if (method === 'POST' && move?.[1]) {
    const applicant = state.applicants.get(move[1]);
    const name = url.searchParams.get('name');
    if (!applicant) throw new ApiRefusal(404, 'Applicant not found');
    if (!name) throw new ApiRefusal(400, 'name is required');
    const previousLevelName = applicant.levelName;
    applicant.levelName = name;
    await sendWebhook(state, applicant, 'applicantLevelChanged', { previousLevelName });
    return applicant;
  }
  throw new ApiRefusal(404, `No such resource: ${method} ${url.pathname}`);
}

async function hostedPage(state: StandIn, request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
  const link = state.links.get(url.pathname.slice('/websdk/p/'.length));
  const applicant = link && link.expiresAt > Date.now() ? byExternalUserId(state, link.externalUserId) : undefined;
  const html = (status: number, content: string) =>
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(content));
  if (!applicant) return html(404, '<h1>This verification link is not valid or has expired</h1>');
  if (request.method === 'GET') return html(200, decisionForm(applicant));
  if (request.method !== 'POST') return html(405, '<h1>Method not allowed</h1>');
  const form = new URLSearchParams(body.toString('utf8'));
  const decision = form.get('decision');
  applicant.info = infoFrom(applicant.type, form);
  applicant.review = { reviewStatus: 'pending' };
  const pending = await sendWebhook(state, applicant, 'applicantPending');
  const reviewResult =
    decision === 'approve'
      ? { reviewAnswer: 'GREEN' }
      : {
          reviewAnswer: 'RED',
          reviewRejectType: decision === 'reject-final' ? 'FINAL' : 'RETRY',
          rejectLabels: [decision === 'reject-final' ? 'FORGERY' : 'UNSATISFACTORY_PHOTOS'],
          moderationComment: form.get('comment') || 'Rejected on the stand-in page',
        };
  applicant.review = { reviewStatus: 'completed', reviewResult };
  const reviewed = await sendWebhook(state, applicant, 'applicantReviewed', { reviewResult });
  return html(
    200,
    `<h1>Decision sent</h1><p>applicantPending: ${pending.status} ${escapeHtml(pending.answer)}</p>` +
      `<p id="reviewed">applicantReviewed (${escapeHtml(String(reviewResult.reviewAnswer))}): ${reviewed.status} ${escapeHtml(reviewed.answer)}</p>`,
  );
}

/** What the person entered, as Sumsub's `info` holds it (alpha-3 countries; a company's `companyInfo`). */
function infoFrom(type: Applicant['type'], form: URLSearchParams): Record<string, unknown> {
  const value = (name: string) => form.get(name)?.trim() || undefined;
  const address: Address | undefined = value('street')
    ? {
        street: value('street') as string,
        ...(value('buildingNumber') ? { buildingNumber: value('buildingNumber') as string } : {}),
        town: value('town') ?? '',
        postCode: value('postCode') ?? '',
        country: (value('country') ?? '').toUpperCase(),
      }
    : undefined;
  if (type === 'company') {
    const owner = value('ownerFirstName')
      ? [
          {
            applicantId: randomBytes(12).toString('hex'),
            types: ['ubo'],
            ...(value('ownerShareSize') ? { shareSize: Number(value('ownerShareSize')) } : {}),
            beneficiaryInfo: {
              firstName: value('ownerFirstName'),
              lastName: value('ownerLastName'),
              ...(value('ownerDob') ? { dob: value('ownerDob') } : {}),
              ...(value('ownerNationality') ? { nationality: value('ownerNationality')?.toUpperCase() } : {}),
            },
          },
        ]
      : [];
    return {
      companyInfo: {
        companyName: value('companyName'),
        ...(value('registrationNumber') ? { registrationNumber: value('registrationNumber') } : {}),
        country: (value('companyCountry') ?? value('country') ?? '').toUpperCase(),
        ...(address ? { address } : {}),
        beneficiaries: owner,
      },
    };
  }
  return {
    firstName: value('firstName'),
    lastName: value('lastName'),
    ...(value('dob') ? { dob: value('dob') } : {}),
    ...(value('nationality') ? { nationality: value('nationality')?.toUpperCase() } : {}),
    ...(address ? { addresses: [address], country: address.country } : {}),
  };
}

const field = (name: string, label: string, placeholder: string, required = true) =>
  `<label>${label} <input name="${name}" placeholder="${placeholder}"${required ? ' required' : ''}></label>`;

function decisionForm(applicant: Applicant): string {
  const person =
    applicant.type === 'company'
      ? [
          '<fieldset><legend>Company (KYB)</legend>',
          field('companyName', 'Registered name', 'Analytical Engines Ltd'),
          field('registrationNumber', 'Registration number', '01234567', false),
          field('companyCountry', 'Country of registration (alpha-3)', 'GBR'),
          '</fieldset><fieldset><legend>Beneficial owner</legend>',
          field('ownerFirstName', 'First name', 'Ada', false),
          field('ownerLastName', 'Last name', 'Lovelace', false),
          field('ownerDob', 'Date of birth', '1975-05-20', false),
          field('ownerNationality', 'Nationality (alpha-3)', 'GBR', false),
          field('ownerShareSize', 'Share (%)', '75', false),
          '</fieldset>',
        ]
      : [
          '<fieldset><legend>Identity document</legend>',
          field('firstName', 'First name', 'Ada'),
          field('lastName', 'Last name', 'Lovelace'),
          field('dob', 'Date of birth', '1990-12-10'),
          field('nationality', 'Nationality (alpha-3)', 'DEU'),
          '</fieldset>',
        ];
  return [
    `<h1>Verification (${escapeHtml(applicant.levelName)})</h1>`,
    '<p>Sumsub stand-in: enter what the documents say, then decide as the reviewer would.</p>',
    '<form method="post">',
    ...person,
    '<fieldset><legend>Address</legend>',
    field('street', 'Street', 'Friedrichstraße'),
    field('buildingNumber', 'Number', '123', false),
    field('town', 'Town', 'Berlin'),
    field('postCode', 'Post code', '10117'),
    field('country', 'Country (alpha-3)', 'DEU'),
    '</fieldset>',
    field('comment', 'Reviewer comment (rejections)', 'Photos unreadable', false),
    '<button name="decision" value="approve">Approve (GREEN)</button>',
    '<button name="decision" value="reject-retry">Reject, may retry (RED, RETRY)</button>',
    '<button name="decision" value="reject-final">Reject for good (RED, FINAL)</button>',
    '</form>',
  ].join('\n');
}

const page = (content: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sumsub stand-in</title>` +
  '<style>body{font-family:sans-serif;max-width:40rem;margin:2rem auto}label{display:block;margin:.4rem 0}' +
  'fieldset{margin:1rem 0}button{margin:.3rem .3rem 0 0}</style></head><body>' +
  `${content}</body></html>`;
