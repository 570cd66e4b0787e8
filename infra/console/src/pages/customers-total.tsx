import { useEffect, useState } from 'react';
import { type CustomersBalance, call, describe, query } from '../api.ts';
import { addUsdc, groupDigits, localTime } from '../format.ts';

type Total = { totalUsdc: string; lockedUsdc: string; customers: number; asOf: string; complete: boolean };

/**
 * Home's tile of the customers' total balance. No total is kept (it would be one item every withdrawal writes), so
 * the API sums a page of customers per call; this reads every page in turn and adds them, showing the sum so far.
 */
export function CustomersTotal() {
  const [total, setTotal] = useState<Total>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    (async () => {
      let sum: Total | undefined;
      let cursor: string | undefined;
      do {
        const page = await call<CustomersBalance>('GET', `/api/console/balances/customers${query({ cursor })}`);
        sum = {
          totalUsdc: addUsdc(sum?.totalUsdc ?? '0', page.totalUsdc),
          lockedUsdc: addUsdc(sum?.lockedUsdc ?? '0', page.lockedUsdc),
          customers: (sum?.customers ?? 0) + page.customers,
          asOf: sum?.asOf ?? page.asOf,
          complete: page.nextCursor === null,
        };
        if (!current) return;
        setTotal(sum);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    })().catch((failure: unknown) => current && setError(describe(failure)));
    return () => {
      current = false;
    };
  }, []);
  return (
    <div className="card tile">
      {error ? (
        <span className="error">Customers' total: {error}</span>
      ) : total ? (
        <>
          <span className="tile-figure">{groupDigits(total.totalUsdc)}</span> USDC of {total.customers}{' '}
          {total.customers === 1 ? 'customer' : 'customers'}
          {total.complete ? '' : ' so far'}
          <span className="tile-note">
            Your customers' balances: what you hold for them. {groupDigits(total.lockedUsdc)} USDC of it in payouts · as
            of {localTime(total.asOf)}
          </span>
        </>
      ) : (
        <span className="muted">Loading…</span>
      )}
    </div>
  );
}
