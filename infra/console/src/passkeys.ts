import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import {
  type ApprovalStart,
  call,
  type PendingWithdrawal,
  type RegistrationStart,
  type Session,
  type SignInStart,
  type StartRegistration,
} from './api.ts';

// The document leaves the WebAuthn JSON open (`options` here, `response` in the bodies): @simplewebauthn's own
// types are the precise ones, on both ends.
type WithOptions<Start, Options> = Omit<Start, 'options'> & { options: Options };
type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** Accepting an invite: the server's creation options, the new passkey, then the member and a session. */
export async function acceptInvite(token: string, name: string): Promise<Session> {
  const start = await call<WithOptions<RegistrationStart, RegistrationOptions>>(
    'POST',
    '/api/console/invites/registration',
    { token, name } satisfies StartRegistration,
  );
  const response = await startRegistration({ optionsJSON: start.options });
  return call<Session>('POST', '/api/console/invites/accept', {
    token,
    name,
    challengeId: start.challengeId,
    response,
  });
}

export async function signIn(): Promise<Session> {
  const start = await call<WithOptions<SignInStart, AuthenticationOptions>>('POST', '/api/console/sign-in/options');
  const response = await startAuthentication({ optionsJSON: start.options });
  return call<Session>('POST', '/api/console/sign-in', { challengeId: start.challengeId, response });
}

/**
 * Approving is a fresh assertion over a challenge the server derived from the transaction id, amount, currency,
 * beneficiary and account: the values shown are returned with it, so a change since the list was read is caught.
 */
export async function signWithdrawal(id: string): Promise<PendingWithdrawal> {
  const start = await call<WithOptions<ApprovalStart, AuthenticationOptions>>(
    'POST',
    `/api/console/approvals/${encodeURIComponent(id)}/options`,
  );
  const response = await startAuthentication({ optionsJSON: start.options });
  return call<PendingWithdrawal>('POST', `/api/console/approvals/${encodeURIComponent(id)}/sign`, {
    challengeId: start.challengeId,
    response,
  });
}
