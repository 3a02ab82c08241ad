// typed-openapi (default settings: types and a fetcher-agnostic client): list pools, read a
// quote, branch on `success`, send the quote back unchanged. Compiled against the generated
// clients by scripts/compat.py; never run.
import { createApiClient as poolClient } from "./pool-v3/api";
import { createApiClient as swapClient, type Fetcher } from "./transaction-v1/api";

const SOL = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

const fetcher: Fetcher = {
  fetch: async ({ method, url, urlSearchParams, parameters }) => {
    if (urlSearchParams) url.search = urlSearchParams.toString();
    const body = parameters?.body === undefined ? undefined : JSON.stringify(parameters.body);
    return fetch(url, { method: method.toUpperCase(), body, headers: { "content-type": "application/json" } });
  },
};

export async function firstPoolIds(): Promise<string[]> {
  const page = await poolClient(fetcher, "https://api-v3.raydium.io").get("/pools/info/list", {
    query: { pageSize: 100 },
  });
  if (!page.success) return [];
  return (page.data.data ?? []).map((pool) => String(pool.id));
}

export async function buildSwap(wallet: string): Promise<string> {
  const api = swapClient(fetcher, "https://transaction-v1.raydium.io");
  const quote = await api.get("/compute/swap-base-in", {
    query: { inputMint: SOL, outputMint: USDC, amount: "18446744073709551615", slippageBps: 50, txVersion: "V0" },
  });
  if (!quote.success) throw new Error(quote.msg);
  const built = await api.post("/transaction/swap-base-in", {
    body: {
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
