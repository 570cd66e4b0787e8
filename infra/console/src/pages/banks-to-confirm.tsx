import { startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'react';
import type { components } from '#infra/openapi/generated/console-api-types.ts';
import { call, type Session } from '../api.ts';
import { DecisionCard } from '../decision-card.tsx';
import { accountText, PAYEE_RESULT_WORDS, RECIPIENT_WORDS, words } from '../format.ts';
import { Note, Page, useLoad, when } from '../ui.tsx';

type Schemas = components['schemas'];
type PayeeConfirmation = Schemas['ConsolePayeeConfirmation'];
type DecisionStart = Omit<Schemas['ConsolePayeeDecisionOptions'], 'options'> & {
  options: Parameters<typeof startAuthentication>[0]['optionsJSON'];
};
type Decision = Schemas['ConsoleStartPayeeDecisionRequest'];
type DecidedBank = Schemas['WithdrawalBank'];

/**
 * A decision is a fresh passkey assertion over a challenge the server derived from the bank, the name given, the
 * account, the check's answer and the decision itself: what the member saw is what is signed and audited.
 */
async function decide(bankId: string, decision: Decision): Promise<DecidedBank> {
  const path = `/api/console/payee-confirmations/${encodeURIComponent(bankId)}`;
  const start = await call<DecisionStart>('POST', `${path}/options`, decision);
  const response = await startAuthentication({ optionsJSON: start.options });
  return call<DecidedBank>('POST', `${path}/sign`, { challengeId: start.challengeId, response });
}

function BankToConfirm(props: { bank: PayeeConfirmation; canDecide: boolean; onDone: (text: string) => void }) {
  const { bank, canDecide, onDone } = props;
  return (
    <DecisionCard
      className="payee-confirmation"
      data={{ 'data-bank': bank.bankId }}
      title={<strong>{bank.beneficiaryName}</strong>}
      badge={<span className="badge">{PAYEE_RESULT_WORDS[bank.result].badge}</span>}
      canDecide={canDecide}
      approve={{
        text: 'Confirm with passkey',
        run: async () => {
          const decided = await decide(bank.bankId, { decision: 'CONFIRM' });
          onDone(`Confirmed ${bank.beneficiaryName}: ${words(decided.status)}`);
          return `Confirmed: ${words(decided.status)}`;
        },
      }}
      reject={{
        text: 'Reject with passkey',
        run: async (reason) => {
          const decided = await decide(bank.bankId, { decision: 'REJECT', reason });
          onDone(`Rejected ${bank.beneficiaryName}: ${words(decided.status)}`);
          return 'Rejected';
        },
      }}
    >
      <dl>
        <dt>Check</dt>
        <dd>{PAYEE_RESULT_WORDS[bank.result].text}</dd>
        <dt>Name the bank holds</dt>
        <dd className="matched-name">{bank.matchedName ?? '—'}</dd>
        {bank.reason && (
          <>
            <dt>Reason</dt>
            <dd>{bank.reason}</dd>
          </>
        )}
        <dt>Account</dt>
        <dd className="mono">
          {accountText(bank.account)} ({bank.currency})
        </dd>
        <dt>Recipient</dt>
        <dd>{RECIPIENT_WORDS[bank.recipientType]}</dd>
        <dt>Customer</dt>
        <dd>
          <a href={`#/customers/${bank.customerId}`}>{bank.customerName ?? 'A customer no longer listed'}</a>
        </dd>
        <dt>Checked</dt>
        <dd>{when(bank.checkedAt)}</dd>
      </dl>
    </DecisionCard>
  );
}

export function BanksToConfirmPage({ session }: { session: Session }) {
  const loaded = useLoad<PayeeConfirmation[]>('/api/console/payee-confirmations');
  const canDecide = session.permissions.includes('approve');
  const [outcome, setOutcome] = useState<string>();
  return (
    <Page title="Banks to confirm" loaded={loaded}>
      <p className="muted">
        Verification of Payee compared each bank's beneficiary name with the name its bank holds. These did not match
        (or could not be checked): no withdrawal goes to them until a member confirms the payee with a passkey.
        {canDecide ? '' : ' Your role may not decide.'}
      </p>
      <Note note={outcome} />
      {loaded.data && !loaded.data.length && <p className="muted">No bank waits for confirmation.</p>}
      {loaded.data?.map((bank) => (
        <BankToConfirm
          key={bank.bankId}
          bank={bank}
          canDecide={canDecide}
          onDone={(text) => {
            setOutcome(text);
            loaded.reload();
          }}
        />
      ))}
    </Page>
  );
}
