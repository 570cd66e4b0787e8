import { type Key, type KeySpace, type ListKey, listSortKey } from '#shared/db/table-keys.ts';

/**
 * An organization's endpoints share one partition so the sender reads them all with one strongly consistent
 * Query; each delivery has its own partition (they are written often).
 */
export const webhookKeys = {
  webhookEndpoint: (organizationId: string, endpointId: string): Key => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    sk: `ENDPOINT#${endpointId}`,
  }),
  webhookEndpointsOfOrganization: (organizationId: string) => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    skPrefix: 'ENDPOINT#',
  }),
  /** What a deleted endpoint leaves for as long as its deliveries are kept; never read by the fan-out's prefix. */
  webhookDeletedEndpoint: (organizationId: string, endpointId: string): Key => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    sk: `DELETEDENDPOINT#${endpointId}`,
  }),
  webhookDeletedEndpointsOfOrganization: (organizationId: string) => ({
    pk: `ORG#${organizationId}#WEBHOOKS`,
    skPrefix: 'DELETEDENDPOINT#',
  }),
  webhookEndpointListEntry: (organizationId: string, createdAt: string, endpointId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINTS`,
    gsi1sk: listSortKey(createdAt, endpointId),
  }),
  webhookEndpointList: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINTS` }),
  webhookDelivery: (organizationId: string, deliveryId: string): Key => ({
    pk: `ORG#${organizationId}#WEBHOOKDELIVERY#${deliveryId}`,
    sk: 'WEBHOOKDELIVERY',
  }),
  webhookDeliveryListEntry: (
    organizationId: string,
    endpointId: string,
    createdAt: string,
    deliveryId: string,
  ): ListKey => ({
    gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINT#${endpointId}#DELIVERIES`,
    gsi1sk: listSortKey(createdAt, deliveryId),
  }),
  webhookDeliveriesOfEndpoint: (organizationId: string, endpointId: string) => ({
    gsi1pk: `ORG#${organizationId}#WEBHOOKENDPOINT#${endpointId}#DELIVERIES`,
  }),
  webhookRedelivery: (requestId: string): Key => ({ pk: `WEBHOOKREDELIVERY#${requestId}`, sk: 'WEBHOOKREDELIVERY' }),
} as const;

export const WEBHOOK_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#WEBHOOKS' },
  { gsi1pk: 'ORG#{}#WEBHOOKENDPOINTS' },
  { pk: 'ORG#{}#WEBHOOKDELIVERY#' },
  { gsi1pk: 'ORG#{}#WEBHOOKENDPOINT#' },
  { pk: 'WEBHOOKREDELIVERY#' },
];
