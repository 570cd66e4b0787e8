/**
 * zod for the whole project: zod/mini (functions and checks instead of chained methods, so each bundle carries
 * only the validators it uses: about 70 KiB less per function than zod classic) with classic's English messages,
 * which mini leaves out (it would say "Invalid input" where clients are told "Invalid UUID"). Every module imports
 * zod from here, as a namespace (`import * as z`), so the messages are set before any schema parses.
 */

import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());

export * from 'zod/mini';
