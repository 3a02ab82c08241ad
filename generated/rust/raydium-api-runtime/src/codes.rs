//! Written by scripts/clients/runtimes.py from the descriptions' `x-error-codes`; do not edit.

/// A code that a failure carries in `msg`: the known codes of every host (a failure's `code` is
/// set only for a code of the service that answered). A failure with another code keeps it in
/// `ApiError::msg`, with `code` None.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// Invalid or missing wallet. Next: fix-request. Send the address of the wallet that signs in `wallet`.
    ReqWalletError,
    /// Invalid slippageBps. Next: fix-request. Send `slippageBps` as an integer from 0 to 10000 (100 = 1%).
    ReqSlippageBpsError,
    /// The `swapResponse` sent is not the compute response as the service sent it: missing, sent under another name, only its `data`, or re-encoded (for example integers turned into `10.0`). Next: re-quote. Send the whole compute response, unchanged, as `swapResponse` (the generated clients send the one they returned byte for byte). If it is older than about 30 seconds, compute a new quote first.
    ReqSwapResponseError,
    /// The `computeUnitPriceMicroLamports` sent was not accepted. Next: fix-request. Send a whole number of micro-lamports per compute unit (0 means none), for example a value of the pool data service's `/main/auto-fee`.
    ReqComputeUnitPriceMicroLamportsError,
    /// No route was found between `inputMint` and `outputMint` (Raydium's front end shows "No Routes Found"). Next: fix-request. Try another pair or amount. A pool created minutes ago may not be indexed yet: quote again later before giving up on a new pair.
    RouteNotFound,
    /// The amount is too small to swap (Raydium's front end shows "Swap Amount Too Small"). Next: fix-request. Quote a larger amount.
    AmountTooSmall,
    /// The route's pools hold too little liquidity for the amount (Raydium's front end shows "Insufficient Liquidity"). Next: fix-request. Quote a smaller amount or another pair.
    TooLowLiquidity,
    /// The route's pools hold too little liquidity for the amount (Raydium's front end shows "Insufficient Liquidity"). Next: fix-request. Quote a smaller amount or another pair.
    InsufficientLiquidity,
    /// The pool is not open yet. The failure carries `openTime`, when it opens (Unix seconds, as a string); Raydium's front end shows "Pool Open At" and that time. Next: wait. Quote again at `openTime` (Unix seconds), not before.
    ReqPoolNotOpen,
    /// `inputAccount` is missing or not usable: the input is not wrapped native SOL, and no token account of the wallet for the input mint was sent (the code is spelt "ACCOUT" by the service). Next: fix-request. Send `inputAccount`, the wallet's token account for the input mint (or `wrapSol: true` when the input is native SOL).
    ReqInputAccoutError,
    /// The same failure as REQ_INPUT_ACCOUT_ERROR under the correct spelling. Clients test for both spellings; no recorded body with this one was found. Next: fix-request. Send `inputAccount`, the wallet's token account for the input mint.
    ReqInputAccountError,
    /// A token account sent (`inputAccount` or `outputAccount`) cannot be used for the wallet, for example one of the wrong token program for the mint. Next: fix-request. Send token accounts that the wallet owns, of the token program of each mint.
    ReqOwnerAccountError,
    /// The `inputMint` sent was rejected. Next: fix-request. Send the mint address of the token sent (base58).
    ReqInputMintError,
    /// The `outputMint` sent was rejected. Next: fix-request. Send the mint address of the token wanted (base58).
    ReqOutputMintError,
    /// The `amount` sent was rejected. Next: fix-request. Send `amount` as decimal digits of a u64 in the token's smallest unit, never through a float.
    ReqAmountError,
    /// The `txVersion` sent was rejected. Next: fix-request. Send `txVersion` as `V0` or `LEGACY`.
    ReqTxVersionError,
}

impl ErrorCode {
    /// The code as the service sends it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::ReqWalletError => "REQ_WALLET_ERROR",
            ErrorCode::ReqSlippageBpsError => "REQ_SLIPPAGE_BPS_ERROR",
            ErrorCode::ReqSwapResponseError => "REQ_SWAP_RESPONSE_ERROR",
            ErrorCode::ReqComputeUnitPriceMicroLamportsError => "REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR",
            ErrorCode::RouteNotFound => "ROUTE_NOT_FOUND",
            ErrorCode::AmountTooSmall => "AMOUNT_TOO_SMALL",
            ErrorCode::TooLowLiquidity => "TOO_LOW_LIQUIDITY",
            ErrorCode::InsufficientLiquidity => "INSUFFICIENT_LIQUIDITY",
            ErrorCode::ReqPoolNotOpen => "REQ_POOL_NOT_OPEN",
            ErrorCode::ReqInputAccoutError => "REQ_INPUT_ACCOUT_ERROR",
            ErrorCode::ReqInputAccountError => "REQ_INPUT_ACCOUNT_ERROR",
            ErrorCode::ReqOwnerAccountError => "REQ_OWNER_ACCOUNT_ERROR",
            ErrorCode::ReqInputMintError => "REQ_INPUT_MINT_ERROR",
            ErrorCode::ReqOutputMintError => "REQ_OUTPUT_MINT_ERROR",
            ErrorCode::ReqAmountError => "REQ_AMOUNT_ERROR",
            ErrorCode::ReqTxVersionError => "REQ_TX_VERSION_ERROR",
        }
    }

    /// What a client does next: "fix-request", "re-quote", "wait" (until the failure's
    /// open_time) or "back-off".
    pub fn action(self) -> &'static str {
        match self {
            ErrorCode::ReqWalletError => "fix-request",
            ErrorCode::ReqSlippageBpsError => "fix-request",
            ErrorCode::ReqSwapResponseError => "re-quote",
            ErrorCode::ReqComputeUnitPriceMicroLamportsError => "fix-request",
            ErrorCode::RouteNotFound => "fix-request",
            ErrorCode::AmountTooSmall => "fix-request",
            ErrorCode::TooLowLiquidity => "fix-request",
            ErrorCode::InsufficientLiquidity => "fix-request",
            ErrorCode::ReqPoolNotOpen => "wait",
            ErrorCode::ReqInputAccoutError => "fix-request",
            ErrorCode::ReqInputAccountError => "fix-request",
            ErrorCode::ReqOwnerAccountError => "fix-request",
            ErrorCode::ReqInputMintError => "fix-request",
            ErrorCode::ReqOutputMintError => "fix-request",
            ErrorCode::ReqAmountError => "fix-request",
            ErrorCode::ReqTxVersionError => "fix-request",
        }
    }

    /// The known code a failure's msg holds, if it is one (of any host).
    pub fn from_msg(msg: &str) -> Option<ErrorCode> {
        match msg {
            "REQ_WALLET_ERROR" => Some(ErrorCode::ReqWalletError),
            "REQ_SLIPPAGE_BPS_ERROR" => Some(ErrorCode::ReqSlippageBpsError),
            "REQ_SWAP_RESPONSE_ERROR" => Some(ErrorCode::ReqSwapResponseError),
            "REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR" => Some(ErrorCode::ReqComputeUnitPriceMicroLamportsError),
            "ROUTE_NOT_FOUND" => Some(ErrorCode::RouteNotFound),
            "AMOUNT_TOO_SMALL" => Some(ErrorCode::AmountTooSmall),
            "TOO_LOW_LIQUIDITY" => Some(ErrorCode::TooLowLiquidity),
            "INSUFFICIENT_LIQUIDITY" => Some(ErrorCode::InsufficientLiquidity),
            "REQ_POOL_NOT_OPEN" => Some(ErrorCode::ReqPoolNotOpen),
            "REQ_INPUT_ACCOUT_ERROR" => Some(ErrorCode::ReqInputAccoutError),
            "REQ_INPUT_ACCOUNT_ERROR" => Some(ErrorCode::ReqInputAccountError),
            "REQ_OWNER_ACCOUNT_ERROR" => Some(ErrorCode::ReqOwnerAccountError),
            "REQ_INPUT_MINT_ERROR" => Some(ErrorCode::ReqInputMintError),
            "REQ_OUTPUT_MINT_ERROR" => Some(ErrorCode::ReqOutputMintError),
            "REQ_AMOUNT_ERROR" => Some(ErrorCode::ReqAmountError),
            "REQ_TX_VERSION_ERROR" => Some(ErrorCode::ReqTxVersionError),
            _ => None,
        }
    }
}
