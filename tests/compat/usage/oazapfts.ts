// oazapfts (default settings): list pools, read a quote, branch on `success`, send the quote
// back unchanged. Compiled against the generated clients by scripts/compat.py; never run.
import * as pools from "./pool-v3/api";
import * as swap from "./transaction-v1/api";

const SOL = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

export async function firstPoolIds(): Promise<string[]> {
  const page = await pools.listPools({ pageSize: 100 });
  if (page.status !== 200 || !page.data.success) return [];
  return (page.data.data.data ?? []).map((pool) => String(pool.id));
}

export async function buildSwap(wallet: string): Promise<string> {
  const quote = await swap.computeSwapBaseIn(SOL, USDC, "18446744073709551615", 50, "V0");
  if (quote.status !== 200) throw new Error(`HTTP ${quote.status}`);
  if (!quote.data.success) throw new Error(quote.data.msg);
  const built = await swap.buildSwapBaseInTransaction({
    wallet,
    swapResponse: quote.data, // unchanged
    txVersion: "V0",
    computeUnitPriceMicroLamports: 0,
    wrapSol: true,
    unwrapSol: false,
  });
  if (built.status !== 200 || !built.data.success) throw new Error("no transaction");
  return JSON.stringify(built.data.data);
}
