import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AwsCredentials, sigV4Refusal } from '#infra/local/sigv4.ts';

/**
 * AWS Secrets Manager's stand-in under `npm start` and in tests: `secretsmanager.GetSecretValue`, the one operation
 * the service calls, in Secrets Manager's JSON protocol (`application/x-amz-json-1.1`, errors as `{__type, Message}`
 * with a 400), for the secrets it was started with (by name). As Secrets Manager, it answers only requests signed
 * (SigV4, service `secretsmanager`) with the credentials it is given: loopback is open to every process of the
 * machine, and a secret is a provider's credentials.
 */

export type LocalSecretsManager = { endpoint: string; stop: () => Promise<void> };

class SecretsRefusal extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

async function bytesOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startLocalSecretsManager(input: {
  credentials: AwsCredentials;
  region: string;
  /** Secret name -> its value (SecretString). */
  secrets: Record<string, string>;
}): Promise<LocalSecretsManager> {
  const created = Math.floor(Date.now() / 1000);
  const versions = new Map(Object.keys(input.secrets).map((name) => [name, randomUUID()]));
  const arnOf = (name: string) => `arn:aws:secretsmanager:${input.region}:000000000000:secret:${name}-local`;

  const getSecretValue = (body: Record<string, unknown>) => {
    const id = String(body.SecretId ?? '');
    const name = Object.keys(input.secrets).find((candidate) => candidate === id || arnOf(candidate) === id);
    if (name === undefined) {
      throw new SecretsRefusal('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    }
    return {
      ARN: arnOf(name),
      Name: name,
      VersionId: versions.get(name),
      SecretString: input.secrets[name],
      VersionStages: ['AWSCURRENT'],
      CreatedDate: created,
    };
  };

  const answer = (response: ServerResponse, status: number, body: Record<string, unknown>) =>
    response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));

  const server = createServer(async (request, response) => {
    try {
      const body = await bytesOf(request);
      const refusal = sigV4Refusal(request, body, input.credentials, 'secretsmanager');
      if (refusal) throw new SecretsRefusal(refusal.type, refusal.message);
      const target = String(request.headers['x-amz-target'] ?? '');
      if (target !== 'secretsmanager.GetSecretValue') {
        throw new SecretsRefusal('UnknownOperationException', `unsupported operation ${target}`);
      }
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        throw new SecretsRefusal('SerializationException', 'the body is not JSON');
      }
      answer(response, 200, getSecretValue(json));
    } catch (error) {
      const refusal =
        error instanceof SecretsRefusal ? error : new SecretsRefusal('InternalServiceError', String(error));
      answer(response, refusal.type === 'InternalServiceError' ? 500 : 400, {
        __type: refusal.type,
        Message: refusal.message,
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
