/**
 * The sanctions screening of the payer of money paid in: a port (`shared/screening/` provides the lists and their
 * matching). A hit sends the credit to the suspense queue with the hit as its reason; nothing is credited.
 */
export type ScreenedPayer = { name: string | null; account: string | null; bic: string | null };

export type PayerScreeningResult = { hit: false } | { hit: true; reason: string };

export type PayerScreening = { screenPayer(payer: ScreenedPayer): Promise<PayerScreeningResult> };

/**
 * Until a screening is wired in here, every payer passes: the default port finds no hit. The screening area
 * replaces this one binding; the credits read nothing else of it.
 */
export const payerScreening: PayerScreening = { screenPayer: async () => ({ hit: false }) };
