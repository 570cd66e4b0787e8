/**
 * The console's security headers, the same locally (infra/local/console-static.ts) and from CloudFront's
 * response headers policy (infra/aws/console-stack.ts): the app loads only its own scripts and styles, talks
 * only to its own origin (the API is behind the same one) and cannot be framed.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

export const CONSOLE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};
