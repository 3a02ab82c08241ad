// @hey-api/openapi-ts (default settings: fetch client): list pools, read a quote, branch on
// `success`, send the quote back unchanged. Compiled against the generated clients by
// scripts/compat.py; never run.
import * as pools from "./pool-v3/index";
import * as swap from "./transaction-v1/index";

const SOL = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

export async function firstPoolIds(): Promise<string[]> {
  const page = await pools.listPools({ query: { pageSize: 100 } });
  if (!page.data?.success) return [];
  return (page.data.data.data ?? []).map((pool) => String(pool.id));
}

export async function buildSwap(wallet: string): Promise<string> {
  const quote = await swap.computeSwapBaseIn({
    query: { inputMint: SOL, outputMint: USDC, amount: "18446744073709551615", slippageBps: 50, txVersion: "V0" },
  });
  const body = quote.data;
  if (!body) throw new Error("no quote");
  if (!body.success) throw new Error(body.msg);
  const built = await swap.buildSwapBaseInTransaction({
    body: {
      wallet,
      swapResponse: body, // unchanged
      txVersion: "V0",
      computeUnitPriceMicroLamports: 0,
      wrapSol: true,
      unwrapSol: false,
    },
  });
  if (!built.data?.success) throw new Error("no transaction");
  return JSON.stringify(built.data.data);
}
