import { defineRoutes } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The health rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('health', {
  health: {
    method: 'GET',
    path: '/api/v2/health',
    handler: 'functions/api/health/get-health.ts',
    tag: 'Health',
    auth: false,
    successStatus: 200,
    access: { table: 'none' },
    responses: { 200: z.object({ status: z.literal('ok') }) },
  },
});
