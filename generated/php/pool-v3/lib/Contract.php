<?php
/**
 * Pool data service (v3) 5.2.0: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PoolV3;


use Raydium\PoolV3\Model\ModelInterface;

require_once __DIR__ . '/aliases.php';

/**
 * Every call of this client goes through Contract (the Api classes' *WithHttpInfo and
 * *AsyncWithHttpInfo): the shared runtime's transport (\Raydium\ApiRuntime\Contract: a timeout
 * per attempt and one deadline per call, the failures that pass retried, the whole body read,
 * `success` checked, the success decoded strictly) with this service's own rules: its
 * default host, the null items its description admits nowhere, the keys its successes require
 * and its failure codes. Whatever happens, a call returns the typed success or throws an
 * ApiException, and its promise is fulfilled with the one or rejected with the other.
 */
final class Contract extends \Raydium\ApiRuntime\Contract
{
    /** The public host the description cites ("" where the source shows none). */
    public const DEFAULT_BASE_URL = 'https://api-v3.raydium.io';

    /**
     * Per operation, the arrays of its success whose items may not be null: checked before
     * decoding, so the error names the index.
     *
     * @var array<string, string[]>
     */
    public const NULL_CHECKS = [
        'listDynamicFeeConfigs' => ['data', 'data/*/recommendConfigId', ],
        'getLimitOrderConfig' => ['data', ],
        'getChainStatistics' => [],
        'getVersion' => [],
        'getPriorityFees' => [],
        'getRpcList' => ['data/rpcs', ],
        'listMints' => ['data/blacklist', 'data/mintList', 'data/mintList/*/tags', 'data/whiteList', ],
        'getMintPrices' => [],
        'getPoolsByIds' => [],
        'listPoolsByMint' => ['data/data', 'data/data/*/config/defaultRangePoint', 'data/data/*/day/rewardApr', 'data/data/*/lpMint/tags', 'data/data/*/mintA/tags', 'data/data/*/mintB/tags', 'data/data/*/month/rewardApr', 'data/data/*/tips', 'data/data/*/week/rewardApr', ],
        'listPools' => ['data/data', 'data/data/*/config/defaultRangePoint', 'data/data/*/day/rewardApr', 'data/data/*/lpMint/tags', 'data/data/*/mintA/tags', 'data/data/*/mintB/tags', 'data/data/*/month/rewardApr', 'data/data/*/tips', 'data/data/*/week/rewardApr', ],
        'listPoolsByCursor' => ['data/data', 'data/data/*/config/defaultRangePoint', 'data/data/*/day/rewardApr', 'data/data/*/lpMint/tags', 'data/data/*/mintA/tags', 'data/data/*/mintB/tags', 'data/data/*/month/rewardApr', 'data/data/*/tips', 'data/data/*/week/rewardApr', ],
        'listFarms' => ['data/data', 'data/data/*/lpMint/tags', 'data/data/*/rewardInfos', 'data/data/*/rewardInfos/*/mint/tags', 'data/data/*/symbolMints', 'data/data/*/symbolMints/*/tags', 'data/data/*/tags', ],
    ];

    /**
     * Per operation, the keys its success envelope requires (data among them).
     *
     * @var array<string, string[]>
     */
    public const REQUIRED = [
        'listDynamicFeeConfigs' => ['data', 'success', ],
        'getLimitOrderConfig' => ['data', 'success', ],
        'getChainStatistics' => ['data', 'success', ],
        'getVersion' => ['data', 'success', ],
        'getPriorityFees' => ['data', 'success', ],
        'getRpcList' => ['data', 'success', ],
        'listMints' => ['data', 'success', ],
        'getMintPrices' => ['data', 'success', ],
        'getPoolsByIds' => ['data', 'success', ],
        'listPoolsByMint' => ['data', 'success', ],
        'listPools' => ['data', 'success', ],
        'listPoolsByCursor' => ['data', 'success', ],
        'listFarms' => ['data', 'success', ],
    ];

    /**
     * The models a request sends back (the quote): they keep the JSON they were decoded from.
     *
     * @var string[]
     */
    public const KEEP_RAW_JSON = [];

    protected const CODES = ErrorCode::ACTIONS;

    protected const MODEL_INTERFACE = ModelInterface::class;

    protected const SERIALIZER = ObjectSerializer::class;

    /**
     * A ContractConfiguration for $baseUrl (default: the public host the description cites), with
     * the contract's timeouts and retry policy.
     */
    public static function configuration(string $baseUrl = self::DEFAULT_BASE_URL): ContractConfiguration
    {
        if ($baseUrl === '') {
            throw new \InvalidArgumentException('a base URL is required: the source document shows no host for this service');
        }
        $config = new ContractConfiguration();
        $config->setHost(rtrim($baseUrl, '/'));

        return $config;
    }
}
