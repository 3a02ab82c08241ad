// openapi-zod-client (default settings: a Zodios client): list pools, read a quote, branch on
// `success`, send the quote back unchanged. Compiled against the generated clients by
// scripts/compat.py; never run.
import { createApiClient as poolClient } from "./pool-v3/api";
import { createApiClient as swapClient } from "./transaction-v1/api";

const SOL = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

export async function firstPoolIds(): Promise<string[]> {
  const page = await poolClient("https://api-v3.raydium.io").listPools({ queries: { pageSize: 100 } });
  if (!page.success) return [];
  return (page.data.data ?? []).map((pool) => String(pool.id));
}

export async function buildSwap(wallet: string): Promise<string> {
  const api = swapClient("https://transaction-v1.raydium.io");
  const quote = await api.computeSwapBaseIn({
    queries: { inputMint: SOL, outputMint: USDC, amount: "18446744073709551615", slippageBps: 50, txVersion: "V0" },
  });
  if (!quote.success) throw new Error(quote.msg);
  const built = await api.buildSwapBaseInTransaction({
    wallet,
    swapResponse: quote, // unchanged
    txVersion: "V0",
    computeUnitPriceMicroLamports: 0,
    wrapSol: true,
    unwrapSol: false,
  });
  if (!built.success) throw new Error("no transaction");
  return JSON.stringify(built.data);
}
