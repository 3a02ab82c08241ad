// A user's first program, after the TypeScript install commands of docs/clients/install.md
// (tests/clients/test_install_from_release.py compiles it with tsc --strict): PRISM, HOSTILE and
// SWAP are replaced by the pool-v3 mock's URL and two URLs that answer a failure envelope.
import { ApiError } from 'raydium-api-runtime';
import { createClient, FailureEnvelopeError } from 'raydium-pool-v3-client';
import { createClient as createTransactionClient } from 'raydium-transaction-v1-client';

const tiers = await createClient({ baseUrl: 'PRISM' }).listDynamicFeeConfigs();
console.log(`first call: ${tiers.data.length}`);
try {
  await createClient({ baseUrl: 'HOSTILE' }).listDynamicFeeConfigs();
} catch (error) {
  if (!(error instanceof FailureEnvelopeError)) throw error;
  console.log(`caught: ${error.name} ${error.status} ${error.errorCode}`);
}
createTransactionClient();

// one base class for both hosts: the shared runtime installed with the clients
for (const [host, call] of [
  ["pool", () => createClient({ baseUrl: 'HOSTILE' }).listDynamicFeeConfigs()],
  ["swap", () => createTransactionClient({ baseUrl: 'SWAP' }).computeSwapBaseIn({
    query: { inputMint: 'a', outputMint: 'b', amount: 1n, slippageBps: 50, txVersion: 'V0' } })],
] as const) {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.log(`one base: ${host} ${error.name} ${error.status}`);
  }
}
