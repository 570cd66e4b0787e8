import type { WaitingSends } from '../api.ts';
import { counted, groupDigits, localTime, words } from '../format.ts';
import { useLoad } from '../ui.tsx';

const REASON_WORDS: Record<string, string> = {
  TREASURY_SHORT: 'the treasury (or its allowance to the relayer) cannot cover it',
  OWNERSHIP_PROOF_REQUIRED: 'the customer must prove the wallet is theirs',
  RETRY: 'signed again after a failed attempt',
};

/**
 * Home's block of the USDC leaving the treasury (on-ramp deposits to destination wallets, fee withdrawals) that is not
 * in a block yet: how many, since when, and why each waits. Nothing while none waits.
 */
export function TreasurySendsBlock() {
  const loaded = useLoad<WaitingSends>('/api/console/treasury-sends/waiting');
  if (loaded.error) return <p className="error">Treasury sends: {loaded.error}</p>;
  const waiting = loaded.data;
  if (!waiting || waiting.count === 0) return null;
  const reasons = Object.entries(waiting.byReason).filter(([, count]) => count > 0);
  return (
    <section data-block="treasury-sends">
      <h2>Sends waiting</h2>
      <p>
        {counted(waiting.count, 'send')} out of the treasury not yet on chain, the oldest since{' '}
        {localTime(waiting.oldestAt)}.{' '}
        {reasons.map(([reason, count]) => `${count} waiting because ${REASON_WORDS[reason] ?? reason}`).join('; ')}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">For</th>
            <th scope="col">Chain</th>
            <th scope="col">Amount</th>
            <th scope="col">To</th>
            <th scope="col">Status</th>
            <th scope="col">Why it waits</th>
          </tr>
        </thead>
        <tbody>
          {waiting.items.map((send) => (
            <tr key={send.sendId}>
              <td>{localTime(send.createdAt)}</td>
              <td>
                {send.transactionId ? (
                  <a href={`#/transactions/${send.transactionId}`}>{words(send.purpose)}</a>
                ) : (
                  words(send.purpose)
                )}
              </td>
              <td>{send.chain}</td>
              <td className="amount-cell">{groupDigits(send.amount)} USDC</td>
              <td className="mono">{send.to}</td>
              <td>
                {words(send.status)}
                {send.confirmations !== null && ` · ${send.confirmations} confirmations`}
              </td>
              <td>{send.waitingDetail ?? (send.waitingReason ? REASON_WORDS[send.waitingReason] : 'in flight')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
