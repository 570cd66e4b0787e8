import { afterAll, beforeAll } from 'vitest';
import { type LocalSecretsManager, startLocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { drawSumsubCredentials, type LocalSumsub, startLocalSumsub } from '#infra/local/sumsub.ts';

export const PROVIDER_SECRET_ID = 'payouts-test/kyc-providers';

/**
 * The Sumsub and Secrets Manager stand-ins for one test file, as `npm start` runs them: the service reads the
 * providers' credentials from the stand-in secret, and the Sumsub stand-in sends its webhooks to `webhookUrl()`.
 * Call before `useApi()`: the server reads its configuration when it starts.
 */
export function useSumsubStandIn(webhookOrigin: () => string) {
  const credentials = drawSumsubCredentials();
  const state: { sumsub?: LocalSumsub; secrets?: LocalSecretsManager } = {};
  beforeAll(async () => {
    state.sumsub = await startLocalSumsub({
      credentials,
      webhookUrl: () => `${webhookOrigin()}/api/v2/kyc-providers/sumsub/webhook`,
    });
    state.secrets = await startLocalSecretsManager({
      credentials: {
        accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
        secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
      },
      region: process.env.AWS_REGION ?? 'eu-central-1',
      secrets: { [PROVIDER_SECRET_ID]: JSON.stringify({ sumsub: credentials }) },
    });
    Object.assign(process.env, {
      SUMSUB_BASE_URL: state.sumsub.baseUrl,
      KYC_PROVIDER_SECRET_ID: PROVIDER_SECRET_ID,
      SECRETS_MANAGER_ENDPOINT: state.secrets.endpoint,
    });
  });
  afterAll(async () => {
    await state.sumsub?.stop();
    await state.secrets?.stop();
  });
  const sumsub = () => {
    if (!state.sumsub) throw new Error('the Sumsub stand-in is not started');
    return state.sumsub;
  };
  return { credentials, sumsub };
}

/** What a person enters on the stand-in's page for an individual. */
export const ADA = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob: '1990-12-10',
  nationality: 'DEU',
  street: 'Friedrichstraße',
  buildingNumber: '123',
  town: 'Berlin',
  postCode: '10117',
  country: 'DEU',
};

/** Opens the hosted page of `link` and submits `decision` with `fields`, as the person clicking would. */
export async function decideOnPage(
  link: string,
  decision: 'approve' | 'reject-retry' | 'reject-final',
  fields: Record<string, string>,
) {
  const page = await fetch(link);
  const html = await page.text();
  if (page.status !== 200 || !html.includes(`value="${decision}"`)) {
    throw new Error(`the hosted page did not offer ${decision}: ${page.status}`);
  }
  const answer = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }).toString(),
  });
  return { status: answer.status, html: await answer.text() };
}
