// Swap from a bot: priority fee, quote, transaction, decode, sign, send, confirm.
//
//   node swap.js --keypair ~/.config/solana/id.json --rpc https://api.mainnet-beta.solana.com \
//     --output-mint EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v --amount 1000000000
//
// Needs the raydium-transaction-v1-client and raydium-pool-v3-client packages and
// @solana/kit. The keypair file is the Solana CLI's (a JSON array of 64 numbers); the key
// never leaves this process and is never printed.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  type Address,
  address,
  createKeyPairFromBytes,
  createSolanaRpc,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  type Signature,
  signTransaction,
} from "@solana/kit";
import { ApiError as PoolApiError, createClient as createPoolClient } from "raydium-pool-v3-client";
import {
  ApiError,
  type components,
  createClient,
  ERROR_CODE_ACTIONS,
  ErrorCode,
  FailureEnvelopeError,
  hasErrorCode,
} from "raydium-transaction-v1-client";

type Quote = components["schemas"]["SwapComputeResponse"];
const SOL = "So11111111111111111111111111111111111111112";
const TOKEN_PROGRAM = address("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
const ASSOCIATED_TOKEN_PROGRAM = address("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");

const { values: args } = parseArgs({
  options: {
    keypair: { type: "string" },
    rpc: { type: "string" },
    "input-mint": { type: "string", default: SOL },
    "output-mint": { type: "string" },
    amount: { type: "string" },
    "slippage-bps": { type: "string", default: "50" },
    "tx-version": { type: "string", default: "V0" },
    "no-priority-fee": { type: "boolean", default: false },
    "max-wait": { type: "string", default: "60" },
    "transaction-url": { type: "string", default: "https://transaction-v1.raydium.io" },
    "pool-url": { type: "string", default: "https://api-v3.raydium.io" },
  },
});
const required = (name: keyof typeof args): string => {
  const value = args[name];
  if (typeof value !== "string") throw new Error(`--${name} is required`);
  return value;
};
const inputMint = required("input-mint");
const outputMint = required("output-mint");
const txVersion = required("tx-version") === "LEGACY" ? "LEGACY" : "V0";
const client = createClient({ baseUrl: required("transaction-url") });
const rpc = createSolanaRpc(required("rpc"));

/** The `h` level of the pool data service's auto-fee (micro-lamports per compute unit); 0 when it cannot be had. */
async function priorityFee(): Promise<number> {
  try {
    const fees = await createPoolClient({ baseUrl: required("pool-url") }).getPriorityFees();
    return Math.round(fees.data.default?.h ?? 0);
  } catch (error) {
    if (error instanceof PoolApiError) return 0;
    throw error;
  }
}

/** A base-in quote; a pool that is not open yet is waited for (up to --max-wait seconds). */
async function quote(): Promise<Quote> {
  for (;;) {
    try {
      return await client.computeSwapBaseIn({
        query: {
          inputMint,
          outputMint,
          amount: BigInt(required("amount")), // u64: a bigint, never a number
          slippageBps: Number(required("slippage-bps")),
          txVersion,
        },
      });
    } catch (error) {
      if (!hasErrorCode(error, ErrorCode.REQ_POOL_NOT_OPEN) || error.openTime === undefined) throw error;
      const waitMs = Number(error.openTime) * 1000 - Date.now();
      if (waitMs > Number(required("max-wait")) * 1000) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.max(waitMs, 0)));
    }
  }
}

/** The wallet's associated token account for a mint. */
async function tokenAccount(wallet: Address, mint: string): Promise<Address> {
  const encoder = getAddressEncoder();
  const [found] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [encoder.encode(wallet), encoder.encode(TOKEN_PROGRAM), encoder.encode(address(mint))],
  });
  return found;
}

/** The unsigned transactions (base64) built from the quote, in the order to send them. */
async function transactions(swapResponse: Quote, wallet: Address, fee: number): Promise<string[]> {
  const wrapSol = inputMint === SOL;
  const unwrapSol = outputMint === SOL;
  const built = await client.buildSwapBaseInTransaction({
    wallet,
    swapResponse, // the quote as the client returned it: it goes back unchanged
    txVersion,
    computeUnitPriceMicroLamports: fee,
    wrapSol,
    unwrapSol,
    ...(wrapSol ? {} : { inputAccount: await tokenAccount(wallet, inputMint) }),
    ...(unwrapSol ? {} : { outputAccount: await tokenAccount(wallet, outputMint) }),
  });
  const items: unknown[] = Array.isArray(built.data) ? built.data : [built.data]; // an array; the docs show an object
  return items.map((item) => String((item as { transaction?: unknown }).transaction));
}

async function confirm(signature: Signature): Promise<void> {
  const ends = Date.now() + 60_000;
  while (Date.now() < ends) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${signature} not confirmed within 60 s`);
}

async function swap(): Promise<void> {
  const secret = new Uint8Array(JSON.parse(readFileSync(required("keypair"), "utf8")) as number[]);
  const keyPair = await createKeyPairFromBytes(secret);
  const wallet = await getAddressFromPublicKey(keyPair.publicKey);
  const fee = args["no-priority-fee"] ? 0 : await priorityFee();
  let unsigned: string[] | undefined;
  for (let attempt = 0; unsigned === undefined; attempt += 1) {
    const swapResponse = await quote(); // a quote older than about 30 seconds is computed again
    try {
      unsigned = await transactions(swapResponse, wallet, fee);
    } catch (error) {
      if (!hasErrorCode(error, ErrorCode.REQ_SWAP_RESPONSE_ERROR) || attempt === 1) throw error;
    }
  }
  for (const text of unsigned) {
    // set-up, swap, clean-up: signed and sent in order
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(text));
    const { version } = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    const signed = await signTransaction([keyPair], transaction);
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
    await confirm(signature);
    console.log(`${version === "legacy" ? "LEGACY" : "V0"} transaction confirmed: ${signature}`);
  }
}

try {
  await swap();
} catch (error) {
  if (!(error instanceof ApiError || error instanceof PoolApiError)) throw error;
  const code = error instanceof FailureEnvelopeError ? (error.code as ErrorCode | undefined) : undefined;
  console.log(`swap failed: ${error.message}${code ? ` (next: ${ERROR_CODE_ACTIONS[code]})` : ""}`);
  process.exitCode = 1;
}
