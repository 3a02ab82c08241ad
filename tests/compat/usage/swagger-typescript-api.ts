// swagger-typescript-api (default settings: fetch): list pools, read a quote, branch on
// `success`, send the quote back unchanged. Compiled against the generated clients by
// scripts/compat.py; never run.
import { Api as PoolApi } from "./pool-v3/api";
import { Api as SwapApi, TxVersion } from "./transaction-v1/api";

const SOL = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

export async function firstPoolIds(): Promise<string[]> {
  const page = await new PoolApi().pools.listPools({ pageSize: 100 });
  if (!page.data.success) return [];
  return (page.data.data.data ?? []).map((pool) => String(pool.id));
}

export async function buildSwap(wallet: string): Promise<string> {
  const api = new SwapApi();
  const quote = await api.compute.computeSwapBaseIn({
    inputMint: SOL, outputMint: USDC, amount: "18446744073709551615", slippageBps: 50, txVersion: TxVersion.V0,
  });
  const body = quote.data;
  if (!body.success) throw new Error(body.msg);
  const built = await api.transaction.buildSwapBaseInTransaction({
    wallet,
    swapResponse: body, // unchanged
    txVersion: TxVersion.V0,
    computeUnitPriceMicroLamports: 0,
    wrapSol: true,
    unwrapSol: false,
  });
  if (!built.data.success) throw new Error("no transaction");
  return JSON.stringify(built.data.data);
}
