/** Defined (as `true`) by esbuild in every deployed function (infra/aws/bundling.ts). */
declare const PAYOUTS_WITHOUT_SETTINGS_ABOUT: true | undefined;

/**
 * Whether the settings carry what only the CDK app, the settings table and the tests read (`about`: a setting's
 * description and how it is deployed): everywhere the TypeScript runs as written, and not in the deployed functions,
 * whose bundles fold every `about: SETTINGS_ABOUT && {...}` to `false` and drop the text and the context schemas
 * (about 11 KiB a function). A module of its own without imports: esbuild inlines a constant into other modules only
 * from such a module.
 */
export const SETTINGS_ABOUT = typeof PAYOUTS_WITHOUT_SETTINGS_ABOUT === 'undefined';
