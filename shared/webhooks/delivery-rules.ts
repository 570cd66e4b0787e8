import { refusal } from '#shared/errors.ts';

/** The refusals of a redelivery, named by its route (a route table imports no use case). */
export const DELIVERY_NOT_FOUND = refusal(404, 'Webhook delivery not found');
export const DELIVERY_CHANGED = refusal(409, 'Webhook delivery changed concurrently, please retry');
