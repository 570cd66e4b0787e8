import * as z from '#shared/validation/zod.ts';

/** What the browser's passkey ceremonies send (`@simplewebauthn/browser`), inside the console's request bodies. */

const B64URL = /^[A-Za-z0-9_-]{1,16384}$/;
const base64url = () => z.string().check(z.regex(B64URL, { error: 'Must be base64url' }));

const Extensions = z.optional(z.record(z.string(), z.unknown()));

/** `@simplewebauthn/browser`'s `startRegistration()` result. */
export const RegistrationResponseSchema = z.object({
  id: base64url(),
  rawId: base64url(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(),
    attestationObject: base64url(),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8))),
  }),
  clientExtensionResults: Extensions,
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
});

/** `@simplewebauthn/browser`'s `startAuthentication()` result. */
export const AuthenticationResponseSchema = z.object({
  id: base64url(),
  rawId: base64url(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(),
    authenticatorData: base64url(),
    signature: base64url(),
    userHandle: z.optional(base64url()),
  }),
  clientExtensionResults: Extensions,
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
});
