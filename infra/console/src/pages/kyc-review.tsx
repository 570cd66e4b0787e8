import { useState } from 'react';
import type { components } from '#infra/openapi/generated/console-api-types.ts';
import { call } from '../api.ts';
import { ErrorLine, Note, Page, RowsTable, useAction, useLoad, when } from '../ui.tsx';

type Schemas = components['schemas'];
type Review = Schemas['KycReview'];
type Outcome = Schemas['KycReviewOutcome'];
type Address = { addressLine1: string; city: string; postalCode: string; country: string };

const OUTCOME_WORDS: Record<Outcome['outcome'], string> = {
  APPROVED: 'Approved',
  HELD_FOR_SCREENING: 'Approved, and held: the verified name matches a sanctions list (see Screening)',
  REJECTED: 'Rejected',
  AWAITING_SECOND_REVIEW: 'Recorded: it waits for a second reviewer',
};

const ADDRESS_FIELDS: { field: keyof Address; label: string }[] = [
  { field: 'addressLine1', label: 'Street and number' },
  { field: 'postalCode', label: 'Postal code' },
  { field: 'city', label: 'City' },
  { field: 'country', label: 'Country (ISO code)' },
];

/**
 * One customer's review: each document opens from its bucket through a short-lived link (a new tab: the console
 * itself loads nothing from elsewhere), then approve with the name and address as the documents show them, or reject.
 */
export function KycReviewPage({ customerId }: { customerId: string }) {
  const path = `/api/console/reviews/kyc/${encodeURIComponent(customerId)}`;
  const loaded = useLoad<Review>(path);
  const review = loaded.data;
  return (
    <Page title={review ? `Review: ${review.customer.name}` : 'Review'} loaded={loaded}>
      {review && (
        <>
          <p className="muted">
            {review.customer.email} · attempt {review.customer.attempt} · {review.requiredReviewers} reviewer(s)
            required
          </p>
          <h2>Documents</h2>
          <RowsTable
            rows={review.documents}
            rowKey={(d) => d.documentId}
            empty="No document was uploaded."
            columns={[
              {
                title: 'Document',
                cell: (d) => (
                  <a className="document" href={d.url} target="_blank" rel="noreferrer noopener">
                    {d.idDocType}
                    {d.idDocSubType ? ` (${d.idDocSubType})` : ''}
                  </a>
                ),
              },
              { title: 'Country', cell: (d) => d.country },
              { title: 'Type', cell: (d) => d.contentType },
              { title: 'Uploaded', cell: (d) => when(d.uploadedAt) },
              { title: 'Link valid until', cell: (d) => when(d.urlExpiresAt) },
            ]}
          />
          {review.awaitingReview ? (
            <Verdict path={path} review={review} onDone={loaded.reload} />
          ) : (
            <p className="muted">This customer's KYC is {review.kycStatus}: nothing waits for a verdict.</p>
          )}
        </>
      )}
    </Page>
  );
}

function Verdict({ path, review, onDone }: { path: string; review: Review; onDone: () => void }) {
  const waiting = review.customer.awaitingSecondReview;
  const [name, setName] = useState(waiting?.verifiedName ?? review.customer.name);
  const [address, setAddress] = useState<Address>(
    waiting?.address ?? review.address ?? { addressLine1: '', city: '', postalCode: '', country: '' },
  );
  const [nationality, setNationality] = useState(waiting?.nationality ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(waiting?.dateOfBirth ?? '');
  const [registrationNumber, setRegistrationNumber] = useState(waiting?.registrationNumber ?? '');
  const corporate = review.customer.accountType === 'corporate';
  // What the documents show beyond the name and address, sent only where the reviewer filled it in.
  const stated = corporate
    ? { ...(registrationNumber.trim() ? { registrationNumber: registrationNumber.trim() } : {}) }
    : {
        ...(nationality.trim() ? { nationality: nationality.trim() } : {}),
        ...(dateOfBirth.trim() ? { dateOfBirth: dateOfBirth.trim() } : {}),
      };
  const [reason, setReason] = useState('');
  const [rejectType, setRejectType] = useState<'RETRY' | 'FINAL'>('RETRY');
  const { busy, error, note, run } = useAction();
  const decide = (verb: 'approve' | 'reject', body: unknown) =>
    run(async () => {
      const outcome = await call<Outcome>('POST', `${path}/${verb}`, body);
      onDone();
      return OUTCOME_WORDS[outcome.outcome];
    });
  return (
    <section className="verdict">
      {waiting && (
        <p className="note">
          {waiting.reviewers.map((r) => r.email).join(', ')} decided {waiting.decision}
          {waiting.reason ? ` (${waiting.reason}, ${waiting.rejectType})` : ''}: the same verdict from you decides it.
        </p>
      )}
      <h2>Approve</h2>
      <label>
        Verified name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {ADDRESS_FIELDS.map(({ field, label }) => (
        <label key={field}>
          {label} <input value={address[field]} onChange={(e) => setAddress({ ...address, [field]: e.target.value })} />
        </label>
      ))}
      {corporate ? (
        <label>
          Registration number (optional){' '}
          <input value={registrationNumber} onChange={(e) => setRegistrationNumber(e.target.value)} />
        </label>
      ) : (
        <>
          <label>
            Nationality (ISO code, optional){' '}
            <input value={nationality} onChange={(e) => setNationality(e.target.value)} />
          </label>
          <label>
            Date of birth (YYYY-MM-DD, optional){' '}
            <input value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} />
          </label>
        </>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => decide('approve', { verifiedName: name, address, ...stated })}
      >
        Approve
      </button>
      <h2>Reject</h2>
      <label>
        Reason <input value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label>
        Resubmission{' '}
        <select value={rejectType} onChange={(e) => setRejectType(e.target.value as 'RETRY' | 'FINAL')}>
          <option value="RETRY">Allowed (RETRY)</option>
          <option value="FINAL">Never (FINAL)</option>
        </select>
      </label>
      <button
        type="button"
        className="danger"
        disabled={busy || !reason.trim()}
        onClick={() => decide('reject', { reason, rejectType })}
      >
        Reject
      </button>
      <ErrorLine error={error} />
      <Note note={note} />
    </section>
  );
}
