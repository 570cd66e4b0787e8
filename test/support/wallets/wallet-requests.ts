import { randomBytes } from 'node:crypto';

/** Published EIP-55 test vectors: correctly checksummed mixed-case addresses. */
export const CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
] as const;

/** A random address in lower case (no checksum to get wrong); each call a new one. */
export const randomAddress = (): string => `0x${randomBytes(20).toString('hex')}`;

export type Wallet = {
  id: string;
  customerId: string;
  address: string;
  currency: string;
  chain: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  withdrawalBankId?: string;
  instructions?: string;
};

export const walletsOf = (customerId: string) => `/customers/${customerId}/deposit/wallets`;
