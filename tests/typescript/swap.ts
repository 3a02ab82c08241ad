// The swap's part of the client contract in TypeScript, for tests/clients/test_swap_contract.py,
// which type-checks (tsc --strict) and runs a copy with BASE_URL (the quote server's URL) and the
// quote's SOL, USDC, AMOUNT and WALLET filled in; prints the report (JSON).
import {
  createClient, ERROR_CODE_ACTIONS, ErrorCode, FailureEnvelopeError, hasErrorCode,
} from "raydium-transaction-v1-client";

const base = "BASE_URL";
const query = { inputMint: "SOL", outputMint: "USDC", amount: AMOUNTn, slippageBps: 50, txVersion: "V0" as const };
const report: Record<string, unknown> = {};
const client = createClient({ baseUrl: `${base}/quote` });
const quote = await client.computeSwapBaseIn({ query });
try {
  const built = await client.buildSwapBaseInTransaction({ wallet: "WALLET", swapResponse: quote, txVersion: "V0",
    computeUnitPriceMicroLamports: 0, wrapSol: true, unwrapSol: true });
  report["built"] = built.success;
} catch (error) {
  report["built"] = false;
  report["buildError"] = String(error);
}
for (const scenario of ["known", "unknown"]) {
  try {
    await createClient({ baseUrl: `${base}/${scenario}` }).computeSwapBaseIn({ query });
    report[scenario] = { kind: "success" };
  } catch (error) {
    if (!(error instanceof FailureEnvelopeError)) throw error;
    const code = error.code as ErrorCode | undefined;
    report[scenario] = { kind: error.name, code: code ?? null, msg: error.msg, openTime: error.openTime ?? null,
      action: code === undefined ? null : ERROR_CODE_ACTIONS[code],
      typed: hasErrorCode(error, ErrorCode.REQ_POOL_NOT_OPEN) };
  }
}
console.log(JSON.stringify(report));
