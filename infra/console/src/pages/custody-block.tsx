import type { CustodyReconciliation } from '../api.ts';
import { groupDigits } from '../format.ts';
import { useLoad } from '../ui.tsx';

/**
 * Home's custody block: per chain, the treasury the deposit addresses are swept to, and whether the
 * books (credited = swept + awaiting sweep) and the treasury's USDC on chain agree. Nothing without a treasury.
 */
export function CustodyBlock() {
  const loaded = useLoad<CustodyReconciliation>('/api/v2/custody/reconciliation');
  if (loaded.error) return <p className="error">Custody reconciliation: {loaded.error}</p>;
  const chains = loaded.data?.chains ?? [];
  if (chains.length === 0) return null;
  return (
    <>
      <h2>Treasury and reconciliation</h2>
      <p className="muted">
        The treasury is your organization's address on each chain. Your customers' deposits are swept there from their
        deposit addresses, so what it holds backs your customers' balances (and your own): it is the money on chain, not
        another balance beside them. <em>Credited</em> is what the books credited to customers on that chain,{' '}
        <em>swept</em> what reached the treasury, <em>treasury holds</em> its USDC read on chain now.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Chain</th>
            <th scope="col">Treasury</th>
            <th scope="col">Credited</th>
            <th scope="col">Swept</th>
            <th scope="col">Awaiting sweep</th>
            <th scope="col">Treasury holds (on chain, now)</th>
            <th scope="col">Agree</th>
          </tr>
        </thead>
        <tbody>
          {chains.map((c) => (
            <tr key={c.chain}>
              <td>{c.chain}</td>
              <td className="mono">{c.treasury ?? 'none set'}</td>
              <td className="amount-cell">{groupDigits(c.credited)} USDC</td>
              <td className="amount-cell">{groupDigits(c.swept)} USDC</td>
              <td className="amount-cell">{groupDigits(c.awaitingSweep)} USDC</td>
              <td className="amount-cell">
                {c.treasuryBalance === null ? 'not read' : `${groupDigits(c.treasuryBalance)} USDC`}
              </td>
              <td>{disagreement(c)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Why a chain's custody does not agree, in words, naming the first sweep the chain contradicts. */
function disagreement(c: CustodyReconciliation['chains'][number]): string {
  if (c.agree) return 'yes';
  if (!c.balanced) return 'no: the books differ';
  const [sweep] = c.sweepsNotMatched;
  if (sweep) {
    return `no: sweep ${sweep.txHash} moved ${groupDigits(sweep.actual)} USDC to the treasury where ${groupDigits(sweep.expected)} USDC was expected`;
  }
  return 'no: the treasury holds less than was swept';
}
