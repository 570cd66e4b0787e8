import type { routes } from '#shared/health/routes.ts';
import type { FolderProse } from '#shared/routing/prose.ts';

/** The health words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    health: { summary: 'Service health', examples: { responses: { 200: { status: 'ok' } } } },
  },
  schemas: [],
};
