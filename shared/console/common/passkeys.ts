import { createHash, randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Config } from '#shared/config/env.ts';
import type {
  AuthenticationResponseSchema,
  RegistrationResponseSchema,
} from '#shared/console/common/passkey-schemas.ts';
import type { ApprovalBinding, BatchBinding, Passkey } from '#shared/console/common/records.ts';
import { UnauthorizedError } from '#shared/errors.ts';
import type * as z from '#shared/validation/zod.ts';

/**
 * The WebAuthn ceremonies, verified with @simplewebauthn/server: the relying party is the console's origin
 * (`CONSOLE_ORIGIN`; its host is the rp id), user verification is required, attestation is not asked for
 * (a passkey proves possession, not a make of authenticator).
 */
type Rp = Config['console'];

/** The browser's answers as the request schemas parse them (`schemas.ts`); the library's types ask for more. */
export type RegistrationResponse = z.output<typeof RegistrationResponseSchema>;
export type AuthenticationResponse = z.output<typeof AuthenticationResponseSchema>;

const asRegistration = (response: RegistrationResponse) =>
  ({ ...response, clientExtensionResults: response.clientExtensionResults ?? {} }) as RegistrationResponseJSON;
const asAuthentication = (response: AuthenticationResponse) =>
  ({ ...response, clientExtensionResults: response.clientExtensionResults ?? {} }) as AuthenticationResponseJSON;

export const RP_NAME = 'Payouts console';
const TIMEOUT_MS = 5 * 60_000;

export const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
export const randomChallenge = () => toBase64Url(randomBytes(32));
/** How long a challenge, for a passkey's registration or a signature, may be answered. */
export const CHALLENGE_TTL_S = 300;

export function registrationOptions(
  rp: Rp,
  input: { challenge: string; memberId: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: input.email,
    userDisplayName: input.name,
    userID: Buffer.from(input.memberId, 'utf8'),
    challenge: Buffer.from(input.challenge, 'base64url'),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: TIMEOUT_MS,
    supportedAlgorithmIDs: [-7, -257],
  });
}

/** The new credential, or 401 when the response does not answer this challenge on this origin. */
export async function verifyRegistration(rp: Rp, response: RegistrationResponse, challenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      response: asRegistration(response),
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
    if (!result.verified) throw new PasskeyRefusedError();
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    throw new PasskeyRefusedError();
  }
}

export function authenticationOptions(rp: Rp, challenge: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: Buffer.from(challenge, 'base64url'),
    userVerification: 'required',
    timeout: TIMEOUT_MS,
  });
}

/**
 * Verifies an assertion by `passkey` over `challenge`; the new signature counter. `counterFloor` 0 skips the
 * counter check (verifying a stored signature again, long after later uses of the passkey).
 */
export async function verifyAssertion(
  rp: Pick<Rp, 'origin' | 'rpId'>,
  response: AuthenticationResponse,
  challenge: string,
  passkey: Pick<Passkey, 'credentialId' | 'publicKey' | 'counter'>,
): Promise<number> {
  try {
    const result = await verifyAuthenticationResponse({
      response: asAuthentication(response),
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
      },
      requireUserVerification: true,
    });
    if (!result.verified) throw new PasskeyRefusedError();
    return result.authenticationInfo.newCounter;
  } catch {
    throw new PasskeyRefusedError();
  }
}

export class PasskeyRefusedError extends UnauthorizedError {}

/**
 * The challenge of an approval: SHA-256 over what the signer is shown (transaction, amounts, beneficiary,
 * account) and a random nonce. The authenticator signs the client data that carries this challenge, so the
 * signature holds only for exactly these values: another transaction, another amount or another account gives
 * another challenge, and the stored signature no longer verifies.
 */
export function approvalChallenge(binding: ApprovalBinding, nonce: string): string {
  const canonical = JSON.stringify([
    'payouts-approval-v1',
    binding.transactionId,
    binding.amount,
    binding.currency,
    binding.beneficiary,
    binding.account,
    nonce,
  ]);
  return toBase64Url(createHash('sha256').update(canonical, 'utf8').digest());
}

/**
 * A batch approval's challenge: the batch id and every payout it approves (in the order shown) with its amount,
 * currency, beneficiary and account. A payout added, left out or changed gives another challenge.
 */
export function batchApprovalChallenge(binding: BatchBinding, nonce: string): string {
  const canonical = JSON.stringify([
    'payouts-batch-approval-v1',
    binding.batchId,
    binding.items.map((item) => [item.transactionId, item.amount, item.currency, item.beneficiary, item.account]),
    nonce,
  ]);
  return toBase64Url(createHash('sha256').update(canonical, 'utf8').digest());
}
