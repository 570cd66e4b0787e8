import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * The floor of the bundle benchmark: the least a function of this service could be, a handler that only creates
 * the DynamoDB client. Every real function is compared with this one.
 */
const client = new DynamoDBClient({});

export const handler = async () => ({ statusCode: 200, body: client.config.serviceId });
