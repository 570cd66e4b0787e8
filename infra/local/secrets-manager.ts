import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AwsCredentials, sigV4Refusal } from '#infra/local/sigv4.ts';

/**
 * AWS Secrets Manager's stand-in under `npm start` and in tests: `secretsmanager.GetSecretValue`, the one operation
 * the service calls, in Secrets Manager's JSON protocol (`application/x-amz-json-1.1`, errors as `{__type, Message}`
 * with a 400), for the secrets it holds: those it is given (`put`, as a deployment's are written by the operator) and,
 * under `npm start`, one file per secret in a folder (`DATA_DIR/secrets/`, the name URL-encoded as the file's name),
 * read at each request so a key written while the service runs is found, and a rewritten one is a rotation. As Secrets
 * Manager, it answers only requests signed (SigV4, service `secretsmanager`) with the credentials it is given:
 * loopback is open to every process of the machine, and a secret is a provider's or a bank's key.
 */

export type LocalSecretsManager = {
  endpoint: string;
  /** Writes a secret (a new version of it), as the operator does in AWS. */
  put: (name: string, value: string) => void;
  stop: () => Promise<void>;
};

/** Secrets Manager's names; `.` and `..` are no file names a secret can have. */
const SECRET_NAME = /^(?!\.{1,2}$)[A-Za-z0-9/_+=.@-]{1,512}$/;

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
  secrets?: Record<string, string>;
  /** A folder of secrets, one file each; a secret given by `secrets` or `put` wins over a file of the same name. */
  folder?: string;
}): Promise<LocalSecretsManager> {
  const created = Math.floor(Date.now() / 1000);
  const held = new Map(Object.entries(input.secrets ?? {}));
  const arnOf = (name: string) => `arn:aws:secretsmanager:${input.region}:000000000000:secret:${name}-local`;
  const nameOf = (id: string) => /^arn:aws:secretsmanager:[^:]+:000000000000:secret:(.+)-local$/.exec(id)?.[1] ?? id;

  const fromFolder = async (name: string) => {
    if (!input.folder || !SECRET_NAME.test(name)) return undefined;
    const path = join(input.folder, encodeURIComponent(name));
    const found = await stat(path).catch(() => undefined);
    return found?.isFile() ? readFile(path, 'utf8') : undefined;
  };

  const getSecretValue = async (body: Record<string, unknown>) => {
    const name = nameOf(String(body.SecretId ?? ''));
    const value = held.get(name) ?? (await fromFolder(name));
    if (value === undefined) {
      throw new SecretsRefusal('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    }
    return {
      ARN: arnOf(name),
      Name: name,
      // A version per content, as each PutSecretValue makes a new one.
      VersionId: createHash('sha256').update(value).digest('hex').slice(0, 32),
      SecretString: value,
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
      answer(response, 200, await getSecretValue(json));
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
    put: (name, value) => {
      held.set(name, value);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
