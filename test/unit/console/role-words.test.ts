import { describe, expect, it } from 'vitest';
import { PERMISSION_WORDS, ROLE_PERMISSIONS, roleAbilities } from '#infra/console/src/roles.ts';
import { PERMISSION_TABLE } from '#shared/console/common/roles.ts';

describe("the console's words for what each role may do", () => {
  it("mirror the server's permission table exactly", () => {
    expect(ROLE_PERMISSIONS).toEqual(PERMISSION_TABLE);
  });

  it('say every permission in words', () => {
    expect(Object.keys(PERMISSION_WORDS).sort()).toEqual([...new Set(Object.values(PERMISSION_TABLE).flat())].sort());
    expect(roleAbilities('approver')).toBe('see payouts, customers, members and settings; sign or reject withdrawals');
  });
});
