export const VIRTUAL_ACCOUNT_NOT_FOUND = 'Virtual account not found';

export type Where = { organizationId: string; customerId: string };
