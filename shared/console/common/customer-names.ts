import type { Db } from '#shared/db/client.ts';
import { readItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import * as z from '#shared/validation/zod.ts';

/** BatchGetItem takes at most 100 keys. */
export const BATCH_GET_KEYS = 100;
const NamedSchema = z.object({ name: z.string() });

/** The names of the customers of `records`, by id (a customer gone since: absent). */
export async function customerNames(
  db: Db,
  organizationId: string,
  records: { customerId: string }[],
): Promise<Map<string, string>> {
  const ids = [...new Set(records.map((record) => record.customerId))];
  const names = new Map<string, string>();
  for (let start = 0; start < ids.length; start += BATCH_GET_KEYS) {
    const chunk = ids.slice(start, start + BATCH_GET_KEYS);
    const read = await readItems(
      db,
      Object.fromEntries(
        chunk.map((id) => [
          id,
          {
            key: keys.customer(organizationId, id),
            parse: (item: Record<string, unknown>) => NamedSchema.parse(item).name,
          },
        ]),
      ),
      { consistent: false },
    );
    for (const [id, name] of Object.entries(read)) if (typeof name === 'string') names.set(id, name);
  }
  return names;
}
