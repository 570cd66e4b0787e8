import type { TransactionStory } from '../api.ts';
import { calendarDay, ibanGroups, localTime, money, words } from '../format.ts';
import { Badge, Page, useLoad } from '../ui.tsx';
import { TravelRuleSection } from './transaction-travel-rule.tsx';

type Step = { key: string; title: string; at: string | null; detail?: string; tone?: 'bad' | 'waiting' };

const BANK_TITLES: Record<TransactionStory['bank']['outcome'], string> = {
  'not-sent': 'Not sent to the bank',
  'awaiting-report': "Waiting for the bank's report",
  booked: 'Booked by the bank',
  rejected: 'Rejected by the bank',
  returned: 'Returned by the bank',
};

/** The payout's story in order: created, signed, rejected, filed, answered by the bank. */
function stepsOf(story: TransactionStory): Step[] {
  const { transaction: t } = story;
  const steps: Step[] = [{ key: 'created', title: 'Created', at: story.created.at, detail: story.created.by }];
  for (const approval of story.approvals) {
    steps.push({
      key: `approval-${approval.approver}`,
      title: approval.passkeySigned ? 'Signed with a passkey' : 'Approved by the operator',
      at: approval.approvedAt,
      detail: approval.name ? `${approval.name} (${approval.approver})` : approval.approver,
    });
  }
  if (story.cancelled) {
    steps.push({
      key: 'cancelled',
      title: 'Rejected',
      at: story.cancelled.at,
      detail: `By ${story.cancelled.by}${story.cancelled.reason ? `: ${story.cancelled.reason}` : ''}`,
      tone: 'bad',
    });
  }
  if (t.status === 'EXPIRED') steps.push({ key: 'expired', title: 'Expired unsigned', at: t.updatedAt, tone: 'bad' });
  if (story.paymentFile) {
    steps.push({
      key: 'file',
      title: 'Left in a payment file',
      at: story.paymentFile.createdAt,
      detail: `${story.paymentFile.fileName} (message id ${story.paymentFile.messageId}, ${story.paymentFile.payments} payment${story.paymentFile.payments === 1 ? '' : 's'})`,
    });
  }
  const bank = story.bank;
  if (t.type === 'WITHDRAWAL' && (story.paymentFile || bank.reason)) {
    steps.push({
      key: 'bank',
      title: BANK_TITLES[bank.outcome],
      at: bank.at,
      ...(bank.reason ? { detail: bank.reason } : {}),
      ...(bank.outcome === 'awaiting-report'
        ? { tone: 'waiting' as const }
        : bank.outcome === 'booked'
          ? {}
          : { tone: 'bad' as const }),
    });
  }
  return steps;
}

export function TransactionPage({ transactionId }: { transactionId: string }) {
  const loaded = useLoad<TransactionStory>(`/api/console/transactions/${encodeURIComponent(transactionId)}`);
  const story = loaded.data;
  const t = story?.transaction;
  const bank = t?.withdrawalBank;
  return (
    <Page title={t ? `Transaction ${t.reference}` : 'Transaction'} loaded={loaded}>
      <p>
        <a href="#/transactions">← All transactions</a>
      </p>
      {story && t && (
        <>
          <div className="card">
            <dl>
              <dt>Reference</dt>
              <dd className="mono">{t.reference}</dd>
              <dt>Status</dt>
              <dd>
                <Badge status={t.status} />
              </dd>
              <dt>Customer</dt>
              <dd>
                <a href={`#/customers/${t.customerId}`}>{t.customerName ?? t.customerId}</a>
              </dd>
              <dt>Amount</dt>
              <dd>{money(t.sourceAmount, t.sourceCurrency)}</dd>
              <dt>Fee</dt>
              <dd>{money(t.fee, t.sourceCurrency)}</dd>
              <dt>Rate</dt>
              <dd>
                1 {t.sourceCurrency} = {t.exchangeRate} {t.targetCurrency}
              </dd>
              <dt>Paid out</dt>
              <dd>{money(t.targetAmount, t.targetCurrency)}</dd>
              {bank && (
                <>
                  <dt>Beneficiary</dt>
                  <dd>{bank.beneficiaryName}</dd>
                  <dt>{bank.iban ? 'IBAN' : 'Account'}</dt>
                  <dd className="mono">{bank.iban ? ibanGroups(bank.iban) : bank.accountNumber}</dd>
                  {bank.bic && (
                    <>
                      <dt>BIC</dt>
                      <dd className="mono">{bank.bic}</dd>
                    </>
                  )}
                  <dt>Rail</dt>
                  <dd>
                    {t.payoutRail
                      ? `${t.payoutRail.rail}${t.payoutRail.filed ? '' : ' (expected, not filed yet)'}`
                      : '—'}
                    {t.paymentRail && t.paymentRail !== t.payoutRail?.rail && ` · the bank's rail: ${t.paymentRail}`}
                  </dd>
                </>
              )}
              {t.completedAt && (
                <>
                  <dt>{t.type === 'WITHDRAWAL' ? 'Booking date' : 'Completed'}</dt>
                  <dd>{t.type === 'WITHDRAWAL' ? calendarDay(t.completedAt) : localTime(t.completedAt)}</dd>
                </>
              )}
              {t.failureReason && (
                <>
                  <dt>Reason</dt>
                  <dd>{t.failureReason}</dd>
                </>
              )}
              <dt>Transaction id</dt>
              <dd className="mono">{t.id}</dd>
            </dl>
          </div>
          <TravelRuleSection transactionId={t.id} />
          <h2>What happened</h2>
          <ol className="story" aria-label="The payout's story">
            {stepsOf(story).map((step) => (
              <li key={step.key} className={step.tone ?? ''}>
                <strong>{step.title}</strong>{' '}
                <span className="when">
                  {step.key === 'bank' && story.bank.outcome === 'booked' ? calendarDay(step.at) : localTime(step.at)}
                </span>
                {step.detail && <div>{step.detail}</div>}
              </li>
            ))}
          </ol>
          <h2>Webhook deliveries</h2>
          {story.webhookDeliveries.length === 0 ? (
            <p className="muted">No webhook delivery about this transaction.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Endpoint</th>
                  <th scope="col">State</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last answer</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {story.webhookDeliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>{delivery.eventType}</td>
                    <td className="mono">{delivery.endpointUrl}</td>
                    <td>
                      <Badge status={delivery.status} />
                    </td>
                    <td>{delivery.attempts}</td>
                    <td>{delivery.lastResponseStatus ?? '—'}</td>
                    <td className="nowrap">{localTime(delivery.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="muted">
            {words(t.type)} · last change {localTime(t.updatedAt)}
          </p>
        </>
      )}
    </Page>
  );
}
