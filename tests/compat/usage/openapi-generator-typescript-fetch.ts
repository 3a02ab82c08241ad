// openapi-generator typescript-fetch (default settings): list pools, read a quote, branch on
// `success`, send the quote back unchanged. Compiled against the generated clients by
// scripts/compat.py; never run.
import { Configuration as PoolConfiguration, PoolsApi } from "./pool-v3/index";
import { ComputeApi, Configuration as SwapConfiguration, TransactionApi } from "./transaction-v1/index";

const SOL = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

export async function firstPoolIds(): Promise<string[]> {
  const page = await new PoolsApi(new PoolConfiguration()).listPools({ pageSize: 100 });
  if (!page.success) return [];
  return (page.data.data ?? []).map((pool) => String(pool.id));
}

export async function buildSwap(wallet: string): Promise<string> {
  const configuration = new SwapConfiguration();
  const quote = await new ComputeApi(configuration).computeSwapBaseIn({
    inputMint: SOL, outputMint: USDC, amount: "18446744073709551615", slippageBps: 50, txVersion: "V0",
  });
  if (!quote.success) throw new Error(quote.msg);
  const built = await new TransactionApi(configuration).buildSwapBaseInTransaction({
    swapBaseInTransactionRequest: {
      wallet,
      swapResponse: quote, // unchanged
      txVersion: "V0",
      computeUnitPriceMicroLamports: 0,
      wrapSol: true,
      unwrapSol: false,
    },
  });
  if (!built.success) throw new Error("no transaction");
  return JSON.stringify(built.data);
}
