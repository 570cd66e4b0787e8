import type { Config } from '#shared/config/env.ts';
import { httpPayeeVerifier } from '#shared/rails/payee-verification/http-verifier.ts';
import type { PayeeVerifier } from '#shared/rails/payee-verification/port.ts';
import { sandboxPayeeVerifier } from '#shared/rails/payee-verification/sandbox-verifier.ts';

/** Sandbox organizations, and every organization while no VoP service is configured, get the stand-in. */
export const payeeVerifierFor = (
  config: Pick<Config, 'payeeVerification'>,
  environment: 'sandbox' | 'live',
): PayeeVerifier =>
  environment === 'live' && config.payeeVerification.url
    ? httpPayeeVerifier(config.payeeVerification.url)
    : sandboxPayeeVerifier;
