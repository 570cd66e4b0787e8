import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** What the browser's passkey ceremonies send (`@simplewebauthn/browser`), inside the console's request bodies. */

const CREDENTIAL = 'p8Q1x0kLzW3mR7tY2vB5nC9dF4gH6jK1';
/** Defined only where the document is built, as the console's other examples (schemas.ts). */
export const REGISTRATION_EXAMPLE = OPENAPI_PROSE
  ? {
      id: CREDENTIAL,
      rawId: CREDENTIAL,
      type: 'public-key',
      response: {
        clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
        attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YQ',
      },
      clientExtensionResults: {},
    }
  : undefined;
export const ASSERTION_EXAMPLE = OPENAPI_PROSE
  ? {
      id: CREDENTIAL,
      rawId: CREDENTIAL,
      type: 'public-key',
      response: {
        clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
        authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
        signature: 'MEUCIQDs0Vn7x2b3k4c5d6e7f8g9h0i1j2k3l4m5n6o7p8q9r0',
        userHandle: 'YTdjM2U5ZjE',
      },
      clientExtensionResults: {},
    }
  : undefined;

const B64URL = /^[A-Za-z0-9_-]{1,16384}$/;
/** A base64url field; its description written `OPENAPI_PROSE && text`, as every schema's OpenAPI metadata here. */
const base64url = (description: string | false) =>
  z.string().check(z.regex(B64URL, { error: 'Must be base64url' }), docMeta(description !== false && { description }));

const Extensions = z
  .optional(z.record(z.string(), z.unknown()))
  .check(docMeta(OPENAPI_PROSE && { description: 'The client extension results, as the browser returns them' }));

/** `@simplewebauthn/browser`'s `startRegistration()` result. */
export const RegistrationResponseSchema = z
  .object({
    id: base64url(OPENAPI_PROSE && 'The new credential id'),
    rawId: base64url(OPENAPI_PROSE && 'The new credential id (raw)'),
    type: z.literal('public-key').check(docMeta(OPENAPI_PROSE && { description: 'Always `public-key`' })),
    response: z
      .object({
        clientDataJSON: base64url(OPENAPI_PROSE && 'The client data the browser assembled'),
        attestationObject: base64url(OPENAPI_PROSE && 'The authenticator data and its (here: none) attestation'),
        transports: z
          .optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8)))
          .check(docMeta(OPENAPI_PROSE && { description: 'How the authenticator is reached' })),
      })
      .check(docMeta(OPENAPI_PROSE && { description: 'The authenticator attestation response' })),
    clientExtensionResults: Extensions,
    authenticatorAttachment: z
      .optional(z.enum(['platform', 'cross-platform']))
      .check(docMeta(OPENAPI_PROSE && { description: 'Where the authenticator is' })),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The passkey created by the browser (`@simplewebauthn/browser` `startRegistration`)',
        examples: [REGISTRATION_EXAMPLE],
      },
    ),
  );

/** `@simplewebauthn/browser`'s `startAuthentication()` result. */
export const AuthenticationResponseSchema = z
  .object({
    id: base64url(OPENAPI_PROSE && 'The credential id of the passkey used'),
    rawId: base64url(OPENAPI_PROSE && 'The credential id (raw)'),
    type: z.literal('public-key').check(docMeta(OPENAPI_PROSE && { description: 'Always `public-key`' })),
    response: z
      .object({
        clientDataJSON: base64url(
          OPENAPI_PROSE && 'The client data the browser assembled (it carries the challenge and origin)',
        ),
        authenticatorData: base64url(OPENAPI_PROSE && 'The authenticator data (rp id hash, flags, counter)'),
        signature: base64url(OPENAPI_PROSE && 'The signature over the authenticator data and the client data hash'),
        userHandle: z.optional(base64url(OPENAPI_PROSE && 'The member the passkey was made for')),
      })
      .check(docMeta(OPENAPI_PROSE && { description: 'The authenticator assertion response' })),
    clientExtensionResults: Extensions,
    authenticatorAttachment: z
      .optional(z.enum(['platform', 'cross-platform']))
      .check(docMeta(OPENAPI_PROSE && { description: 'Where the authenticator is' })),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The assertion made by the browser (`@simplewebauthn/browser` `startAuthentication`)',
        examples: [ASSERTION_EXAMPLE],
      },
    ),
  );
