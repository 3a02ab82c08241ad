// Type tests for the generated TypeScript types, checked by `tsc --noEmit --strict`
// (tests/clients/test_packages.py). A `@ts-expect-error` line must fail to type-check:
// if it ever compiles, tsc reports the directive as unused and the test fails.
import type { components, operations } from '../../generated/typescript/transaction-v1';

type ComputeQuery = operations['computeSwapBaseIn']['parameters']['query'];

// u64 amounts: a bigint, or a decimal string of digits.
const big: ComputeQuery = {
  inputMint: 'So11111111111111111111111111111111111111112',
  outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  amount: 18446744073709551615n,
  slippageBps: 50,
  txVersion: 'V0',
};
const digits: components['schemas']['AmountU64'] = '18446744073709551615';

// A JavaScript number would silently lose precision above 2^53: it must not type-check.
// @ts-expect-error number is not assignable to the u64 amount
const lossy: components['schemas']['AmountU64'] = 18446744073709551615;

// txVersion is the closed enum of the source.
// @ts-expect-error 'V2' is not a txVersion
const version: components['schemas']['TxVersion'] = 'V2';

export { big, digits, lossy, version };
