/**
 * Imported first by the files that assert "never a 5xx" (the fuzz, tenant isolation): the suite runs with
 * `LOG_LEVEL=silent` (vitest.config.ts), which hides the "unhandled error" line behind a 500. These files print
 * error lines, so a 500 on a loaded CI machine says what threw. Set before anything reads the configuration.
 */
process.env.LOG_LEVEL = 'error';
