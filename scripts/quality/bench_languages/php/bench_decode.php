<?php
// Times the PHP client's call on one list-pools success body against json_decode of the same
// bytes, each alone and followed by the reads a user's code makes (scripts/quality/bench_languages.py
// runs it). The client is called as users call it, PoolsApi::listPools() with a
// Contract::configuration, given a Guzzle client whose handler answers from memory (the default
// HandlerStack's middleware over a handler that returns the response; nothing is sent), so the
// figure is the client's whole decode: the envelope check, the null-item checks and the typed
// models.
//
// The sides (bench_languages.py names the reads):
//   parse, client                 the untyped parse, the call
//   parse_full, client_full       each followed by the full read: every declared field of each
//                                 pool, nested objects and lists included (Typed, Untyped)
//   parse_filter, client_filter   each followed by the filtering read: id, tvl, mintA's address
// Each read adds what it reads to a sink (a number its value, a string its length, true 1, a
// `type` of Concentrated 1); the client's sink and the parse's must agree, or the program fails.
//
// Usage: php bench_decode.php LIB BODY.json RUNS LOOPS [SIDE,...]
//          prints {"parse": [seconds per call, ...], ..., "sink": N}
//        php bench_decode.php LIB --peak BODY.json SIDE [WARM.json]
//          prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
// LIB is the client's lib folder (generated/php/pool-v3/lib); scripts/clients/autoload.php loads it, the shared
// runtime and Debian's Guzzle (php-guzzlehttp-*). WARM is a small page the same side runs on once
// first (the client's one-time set-up, as a long-running client has done it).

require_once dirname(__DIR__, 3) . '/clients/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Response;
use Psr\Http\Message\RequestInterface;
use Raydium\PoolV3\Api\PoolsApi;
use Raydium\PoolV3\Contract;

$args = array_slice($argv, 1);
$lib = array_shift($args);
raydium_autoload(['Raydium\\PoolV3\\' => $lib]);

const SIDES = ['parse', 'client', 'parse_full', 'client_full', 'parse_filter', 'client_filter'];

/** The reads of a pool model: its getters, as a user's code calls them. */
final class Typed
{
    public static function fee($fee): float
    {
        $s = 0.0;
        if ($fee === null) {
            return $s;
        }
        if (($v = $fee->getEpoch()) !== null) {
            $s += strlen($v);
        }
        if (($v = $fee->getMaximumFee()) !== null) {
            $s += strlen($v);
        }
        if (($v = $fee->getTransferFeeBasisPoints()) !== null) {
            $s += $v;
        }
        return $s;
    }

    public static function extensions($ext): float
    {
        $s = 0.0;
        if ($ext === null) {
            return $s;
        }
        if (($v = $ext->getCoingeckoId()) !== null) {
            $s += strlen($v);
        }
        if (($c = $ext->getFeeConfig()) !== null) {
            if (($v = $c->getTransferFeeConfigAuthority()) !== null) {
                $s += strlen($v);
            }
            if (($v = $c->getWithdrawWithheldAuthority()) !== null) {
                $s += strlen($v);
            }
            if (($v = $c->getWithheldAmount()) !== null) {
                $s += strlen($v);
            }
            $s += self::fee($c->getOlderTransferFee()) + self::fee($c->getNewerTransferFee());
        }
        if (($t = $ext->getTips()) !== null) {
            if (($v = $t->getIcon()) !== null) {
                $s += strlen($v);
            }
            if (($v = $t->getLink()) !== null) {
                $s += strlen($v);
            }
            if (($v = $t->getText()) !== null) {
                $s += strlen($v);
            }
        }
        return $s;
    }

    public static function token($token): float
    {
        $s = 0.0;
        if ($token === null) {
            return $s;
        }
        if (($v = $token->getChainId()) !== null) {
            $s += $v;
        }
        if (($v = $token->getAddress()) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->getProgramId()) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->getLogoUri()) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->getSymbol()) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->getName()) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->getDecimals()) !== null) {
            $s += $v;
        }
        foreach ($token->getTags() ?? [] as $tag) {
            $s += strlen($tag);
        }
        $s += self::extensions($token->getExtensions());
        if (($v = $token->getFreezeAuthority()) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->getMintAuthority()) !== null) {
            $s += strlen($v);
        }
        return $s;
    }

    public static function period($stats): float
    {
        $s = 0.0;
        if ($stats === null) {
            return $s;
        }
        if (($v = $stats->getVolume()) !== null) {
            $s += $v;
        }
        if (($v = $stats->getVolumeQuote()) !== null) {
            $s += $v;
        }
        if (($v = $stats->getVolumeFee()) !== null) {
            $s += $v;
        }
        if (($v = $stats->getApr()) !== null) {
            $s += $v;
        }
        if (($v = $stats->getFeeApr()) !== null) {
            $s += $v;
        }
        if (($v = $stats->getPriceMin()) !== null) {
            $s += $v;
        }
        if (($v = $stats->getPriceMax()) !== null) {
            $s += $v;
        }
        foreach ($stats->getRewardApr() ?? [] as $x) {
            $s += $x;
        }
        return $s;
    }

    public static function config($config): float
    {
        $s = 0.0;
        if ($config === null) {
            return $s;
        }
        if (($v = $config->getId()) !== null) {
            $s += strlen($v);
        }
        if (($v = $config->getIndex()) !== null) {
            $s += $v;
        }
        if (($v = $config->getProtocolFeeRate()) !== null) {
            $s += $v;
        }
        if (($v = $config->getTradeFeeRate()) !== null) {
            $s += $v;
        }
        if (($v = $config->getFundFeeRate()) !== null) {
            $s += $v;
        }
        if (($v = $config->getTickSpacing()) !== null) {
            $s += $v;
        }
        if (($v = $config->getDescription()) !== null) {
            $s += strlen($v);
        }
        if (($v = $config->getDefaultRange()) !== null) {
            $s += $v;
        }
        foreach ($config->getDefaultRangePoint() ?? [] as $x) {
            $s += $x;
        }
        if (($v = $config->getCreatePoolFee()) !== null) {
            $s += strlen($v);
        }
        return $s;
    }

    public static function pool($pool): float
    {
        $s = 0.0;
        if ($pool->getType() === 'Concentrated') {
            $s += 1;
        }
        if (($v = $pool->getProgramId()) !== null) {
            $s += strlen($v);
        }
        if (($v = $pool->getId()) !== null) {
            $s += strlen($v);
        }
        $s += self::token($pool->getMintA());
        $s += self::token($pool->getMintB());
        if (($v = $pool->getPrice()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getMintAmountA()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getMintAmountB()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getFeeRate()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getOpenTime()) !== null) {
            $s += is_string($v) ? strlen($v) : $v;
        }
        if (($v = $pool->getTvl()) !== null) {
            $s += $v;
        }
        $s += self::period($pool->getDay());
        $s += self::period($pool->getWeek());
        $s += self::period($pool->getMonth());
        if (($v = $pool->getFarmUpcomingCount()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getFarmOngoingCount()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getFarmFinishedCount()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getBurnPercent()) !== null) {
            $s += $v;
        }
        if ($pool->getHasDynamicFee() === true) {
            $s += 1;
        }
        $s += self::token($pool->getLpMint());
        if (($v = $pool->getLpPrice()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getLpAmount()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getMarketId()) !== null) {
            $s += strlen($v);
        }
        return $s + self::config($pool->getConfig());
    }

    public static function filter($pool): float
    {
        $s = 0.0;
        if (($v = $pool->getId()) !== null) {
            $s += strlen($v);
        }
        if (($v = $pool->getTvl()) !== null) {
            $s += $v;
        }
        if (($v = $pool->getMintA()?->getAddress()) !== null) {
            $s += strlen($v);
        }
        return $s;
    }
}

/** The same reads of json_decode's objects (stdClass). */
final class Untyped
{
    public static function fee(?stdClass $fee): float
    {
        $s = 0.0;
        if ($fee === null) {
            return $s;
        }
        if (($v = $fee->epoch ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $fee->maximumFee ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $fee->transferFeeBasisPoints ?? null) !== null) {
            $s += $v;
        }
        return $s;
    }

    public static function extensions(?stdClass $ext): float
    {
        $s = 0.0;
        if ($ext === null) {
            return $s;
        }
        if (($v = $ext->coingeckoId ?? null) !== null) {
            $s += strlen($v);
        }
        if (($c = $ext->feeConfig ?? null) !== null) {
            if (($v = $c->transferFeeConfigAuthority ?? null) !== null) {
                $s += strlen($v);
            }
            if (($v = $c->withdrawWithheldAuthority ?? null) !== null) {
                $s += strlen($v);
            }
            if (($v = $c->withheldAmount ?? null) !== null) {
                $s += strlen($v);
            }
            $s += self::fee($c->olderTransferFee ?? null) + self::fee($c->newerTransferFee ?? null);
        }
        if (($t = $ext->tips ?? null) !== null) {
            if (($v = $t->icon ?? null) !== null) {
                $s += strlen($v);
            }
            if (($v = $t->link ?? null) !== null) {
                $s += strlen($v);
            }
            if (($v = $t->text ?? null) !== null) {
                $s += strlen($v);
            }
        }
        return $s;
    }

    public static function token(?stdClass $token): float
    {
        $s = 0.0;
        if ($token === null) {
            return $s;
        }
        if (($v = $token->chainId ?? null) !== null) {
            $s += $v;
        }
        if (($v = $token->address ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->programId ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->logoURI ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->symbol ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->name ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->decimals ?? null) !== null) {
            $s += $v;
        }
        foreach ($token->tags ?? [] as $tag) {
            $s += strlen($tag);
        }
        $s += self::extensions($token->extensions ?? null);
        if (($v = $token->freezeAuthority ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $token->mintAuthority ?? null) !== null) {
            $s += strlen($v);
        }
        return $s;
    }

    public static function period(?stdClass $stats): float
    {
        $s = 0.0;
        if ($stats === null) {
            return $s;
        }
        if (($v = $stats->volume ?? null) !== null) {
            $s += $v;
        }
        if (($v = $stats->volumeQuote ?? null) !== null) {
            $s += $v;
        }
        if (($v = $stats->volumeFee ?? null) !== null) {
            $s += $v;
        }
        if (($v = $stats->apr ?? null) !== null) {
            $s += $v;
        }
        if (($v = $stats->feeApr ?? null) !== null) {
            $s += $v;
        }
        if (($v = $stats->priceMin ?? null) !== null) {
            $s += $v;
        }
        if (($v = $stats->priceMax ?? null) !== null) {
            $s += $v;
        }
        foreach ($stats->rewardApr ?? [] as $x) {
            $s += $x;
        }
        return $s;
    }

    public static function config(?stdClass $config): float
    {
        $s = 0.0;
        if ($config === null) {
            return $s;
        }
        if (($v = $config->id ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $config->index ?? null) !== null) {
            $s += $v;
        }
        if (($v = $config->protocolFeeRate ?? null) !== null) {
            $s += $v;
        }
        if (($v = $config->tradeFeeRate ?? null) !== null) {
            $s += $v;
        }
        if (($v = $config->fundFeeRate ?? null) !== null) {
            $s += $v;
        }
        if (($v = $config->tickSpacing ?? null) !== null) {
            $s += $v;
        }
        if (($v = $config->description ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $config->defaultRange ?? null) !== null) {
            $s += $v;
        }
        foreach ($config->defaultRangePoint ?? [] as $x) {
            $s += $x;
        }
        if (($v = $config->createPoolFee ?? null) !== null) {
            $s += strlen($v);
        }
        return $s;
    }

    public static function pool(stdClass $pool): float
    {
        $s = 0.0;
        if (($pool->type ?? null) === 'Concentrated') {
            $s += 1;
        }
        if (($v = $pool->programId ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $pool->id ?? null) !== null) {
            $s += strlen($v);
        }
        $s += self::token($pool->mintA ?? null);
        $s += self::token($pool->mintB ?? null);
        if (($v = $pool->price ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->mintAmountA ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->mintAmountB ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->feeRate ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->openTime ?? null) !== null) {
            $s += is_string($v) ? strlen($v) : $v;
        }
        if (($v = $pool->tvl ?? null) !== null) {
            $s += $v;
        }
        $s += self::period($pool->day ?? null);
        $s += self::period($pool->week ?? null);
        $s += self::period($pool->month ?? null);
        if (($v = $pool->farmUpcomingCount ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->farmOngoingCount ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->farmFinishedCount ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->burnPercent ?? null) !== null) {
            $s += $v;
        }
        if (($pool->hasDynamicFee ?? null) === true) {
            $s += 1;
        }
        $s += self::token($pool->lpMint ?? null);
        if (($v = $pool->lpPrice ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->lpAmount ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->marketId ?? null) !== null) {
            $s += strlen($v);
        }
        return $s + self::config($pool->config ?? null);
    }

    public static function filter(stdClass $pool): float
    {
        $s = 0.0;
        if (($v = $pool->id ?? null) !== null) {
            $s += strlen($v);
        }
        if (($v = $pool->tvl ?? null) !== null) {
            $s += $v;
        }
        if (($v = $pool->mintA->address ?? null) !== null) {
            $s += strlen($v);
        }
        return $s;
    }
}

/** @return array<string, callable(): float> each side by name: it runs once and answers the sink of its reads (0 without reads) */
function sides(string $body): array
{
    // a new response per request, as a transport gives: HTTP 200, application/json, the body
    $answer = fn (RequestInterface $request, array $options) =>
        Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'], $body));
    $api = new PoolsApi(new Client(['handler' => HandlerStack::create($answer)]), Contract::configuration('http://127.0.0.1:9'));
    $parse = fn () => json_decode($body);
    $call = function () use ($api) {
        $page = $api->listPools();
        if ($page->getSuccess() !== true || count($page->getData()->getData()) === 0) {
            throw new RuntimeException('the client decoded no pools');
        }
        return $page;
    };
    $untyped = fn (string $read) => function () use ($parse, $read): float {
        $s = 0.0;
        foreach ($parse()->data->data as $pool) {
            $s += Untyped::$read($pool);
        }
        return $s;
    };
    $typed = fn (string $read) => function () use ($call, $read): float {
        $s = 0.0;
        foreach ($call()->getData()->getData() as $pool) {
            $s += Typed::$read($pool);
        }
        return $s;
    };

    return [
        'parse' => function () use ($parse): float {
            $parse();
            return 0.0;
        },
        'client' => function () use ($call): float {
            $call();
            return 0.0;
        },
        'parse_full' => $untyped('pool'), 'client_full' => $typed('pool'),
        'parse_filter' => $untyped('filter'), 'client_filter' => $typed('filter'),
    ];
}

/** A field of /proc/self/status in bytes (VmRSS, VmHWM). */
function status(string $field): int
{
    preg_match('/^' . $field . ':\s+(\d+) kB/m', (string) file_get_contents('/proc/self/status'), $m);

    return (int) $m[1] * 1024;
}

$sink = 0.0; // every side's result, printed

function timeOne(callable $side, int $loops, float &$sink): float
{
    $start = hrtime(true);
    for ($i = 0; $i < $loops; $i++) {
        $sink += $side();
    }

    return (hrtime(true) - $start) / 1e9 / $loops;
}

function side(array $run, string $name): callable
{
    if (!isset($run[$name])) {
        throw new InvalidArgumentException("no side $name");
    }
    return $run[$name];
}

if ($args[0] === '--peak') {
    if (isset($args[3])) {
        $sink += side(sides((string) file_get_contents($args[3])), $args[2])();
    }
    $run = side(sides((string) file_get_contents($args[1])), $args[2]);
    @file_put_contents('/proc/self/clear_refs', '5'); // VmHWM back to the current RSS: the peak after is the side's own
    $baseline = status('VmRSS');
    $sink += $run();
    echo json_encode(['peak_rss_bytes' => status('VmHWM'), 'baseline_rss_bytes' => $baseline, 'sink' => $sink]), "\n";
    exit(0);
}

$body = (string) file_get_contents($args[0]);
$runs = (int) $args[1];
$loops = (int) $args[2];
$names = isset($args[3]) ? explode(',', $args[3]) : SIDES;
$run = sides($body);
foreach (['full', 'filter'] as $read) {
    $typed = $run["client_$read"]();
    $untyped = $run["parse_$read"]();
    if ($typed !== $untyped || $typed === 0.0) {
        fwrite(STDERR, "the client's $read read gives $typed, the parse's $untyped\n");
        exit(1);
    }
}
foreach ($names as $name) {
    $sink += side($run, $name)(); // warm-up
}
// The sides take turns, run by run, each going first in turn: a burst of load then falls on every
// side of a ratio, not on one.
$samples = array_fill_keys($names, []);
for ($r = 0; $r < $runs; $r++) {
    foreach (array_keys($names) as $i) {
        $name = $names[($r + $i) % count($names)];
        $samples[$name][] = timeOne($run[$name], $loops, $sink);
    }
}
echo json_encode($samples + ['sink' => $sink]), "\n";
