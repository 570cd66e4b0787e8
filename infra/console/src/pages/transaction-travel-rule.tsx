import { useEffect, useState } from 'react';
import { ApiError, call, describe, type TravelRule } from '../api.ts';
import { groupDigits, localTime, words } from '../format.ts';
import { Badge } from '../ui.tsx';

type Person = TravelRule['ivms101']['originator']['originatorPersons'][number];

/** A person's name as IVMS101 holds it: given names then the primary name, or the legal person's name. */
function nameOf(person: Person): string {
  if ('naturalPerson' in person) {
    const [name] = person.naturalPerson.name.nameIdentifier;
    return name ? [name.secondaryIdentifier, name.primaryIdentifier].filter(Boolean).join(' ') : '—';
  }
  return person.legalPerson.name.nameIdentifier[0]?.legalPersonName ?? '—';
}

const personsText = (persons: Person[]) => (persons.length > 0 ? persons.map(nameOf).join(', ') : null);

const vaspText = (vasp: TravelRule['ivms101']['originatingVASP']) =>
  vasp ? (vasp.legalPerson.name.nameIdentifier[0]?.legalPersonName ?? '—') : null;

function custodianText(rule: TravelRule): string {
  const custodian = rule.custodian;
  if (!custodian) return 'Not known yet';
  if (custodian.type === 'SELF_HOSTED') return 'Self-hosted (held by its owner)';
  return `${custodian.name}${custodian.lei ? ` (LEI ${custodian.lei})` : ''}`;
}

/**
 * The Travel Rule data of a transaction's crypto leg (EU 2023/1113): originator, beneficiary, who holds the address,
 * the EUR value and the ownership proof of a self-hosted address; a deposit's originator status. Nothing for a
 * transaction without a crypto leg (the API's 404).
 */
export function TravelRuleSection({ transactionId }: { transactionId: string }) {
  const [rule, setRule] = useState<TravelRule | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    call<TravelRule>('GET', `/api/console/transactions/${encodeURIComponent(transactionId)}/travel-rule`)
      .then((body) => current && setRule(body))
      .catch((failure: unknown) => {
        if (current && !(failure instanceof ApiError && failure.status === 404)) setError(describe(failure));
      });
    return () => {
      current = false;
    };
  }, [transactionId]);
  if (error) return <p className="error">Travel Rule: {error}</p>;
  if (!rule) return null;
  const { originator, beneficiary } = rule.ivms101;
  const leg = rule.send ?? rule.deposit;
  return (
    <section data-block="travel-rule" aria-label="Travel Rule">
      <h2>Travel Rule</h2>
      <div className="card">
        <dl>
          <dt>Crypto leg</dt>
          <dd>
            {rule.direction === 'INBOUND' ? 'USDC received' : 'USDC sent out of the treasury'}
            {leg && ` · ${groupDigits(leg.amount)} USDC on ${leg.chain}`}
          </dd>
          {rule.deposit && (
            <>
              <dt>Originator data</dt>
              <dd>
                <Badge status={rule.deposit.originatorStatus} />
                {rule.deposit.missing.length > 0 && ` missing: ${rule.deposit.missing.join(', ')}`}
              </dd>
            </>
          )}
          <dt>Originator</dt>
          <dd>{personsText(originator.originatorPersons) ?? 'Not known'}</dd>
          <dt>Originator account</dt>
          <dd className="mono">{originator.accountNumber.join(', ') || '—'}</dd>
          {vaspText(rule.ivms101.originatingVASP) && (
            <>
              <dt>Originating VASP</dt>
              <dd>{vaspText(rule.ivms101.originatingVASP)}</dd>
            </>
          )}
          <dt>Beneficiary</dt>
          <dd>{personsText(beneficiary.beneficiaryPersons)}</dd>
          <dt>Beneficiary account</dt>
          <dd className="mono">{beneficiary.accountNumber.join(', ')}</dd>
          {vaspText(rule.ivms101.beneficiaryVASP) && (
            <>
              <dt>Beneficiary VASP</dt>
              <dd>{vaspText(rule.ivms101.beneficiaryVASP)}</dd>
            </>
          )}
          <dt>{rule.direction === 'INBOUND' ? 'Sending address held by' : 'Destination held by'}</dt>
          <dd>{custodianText(rule)}</dd>
          <dt>EUR value</dt>
          <dd>{groupDigits(rule.eurValue)} EUR</dd>
          {rule.send && (
            <>
              <dt>Send</dt>
              <dd>
                {words(rule.send.status)}
                {rule.send.confirmations !== null && ` · ${rule.send.confirmations} confirmations`}
              </dd>
            </>
          )}
          <dt>Ownership proof</dt>
          <dd>
            {rule.ownershipProof ? (
              <>
                Signed by the address, verified {localTime(rule.ownershipProof.verifiedAt)}
                <div className="mono">{rule.ownershipProof.signature}</div>
              </>
            ) : (
              'None'
            )}
          </dd>
        </dl>
      </div>
    </section>
  );
}
