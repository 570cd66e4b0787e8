import { refusal } from '#shared/errors.ts';

/** Refusals of the reviewers' routes: here, so the route table imports no use case. */
export const HOLD_NOT_FOUND = refusal(404, 'Screening hold not found');
export const HOLD_DECIDED = refusal(409, 'This screening hold is already decided');
export const HOLD_SUBJECT_CHANGED = refusal(
  409,
  'What this hold holds changed meanwhile (decided elsewhere, or gone); look at it again',
);
