<?php
// Autoloads the PHP clients from a clone as Composer's autoloader does in an installed project:
// Debian's Guzzle (php-guzzlehttp-*), the shared runtime (Raydium\ApiRuntime, from
// generated/php/raydium-api-runtime/src) and each namespace prefix given, from its PSR-4 folder.
// For the tests, the surface reader and the PHP benchmark:
//   require_once 'scripts/autoload.php';
//   raydium_autoload(['Raydium\\PoolV3\\' => 'generated/php/pool-v3/lib']);
// A prefix given for Raydium\ApiRuntime\ replaces the clone's runtime folder.
require_once '/usr/share/php/GuzzleHttp/autoload.php';

/** @param array<string, string> $prefixes namespace prefix (ending in a backslash) => folder */
function raydium_autoload(array $prefixes): void
{
    $prefixes += ['Raydium\\ApiRuntime\\' => dirname(__DIR__, 2) . '/generated/php/raydium-api-runtime/src'];
    spl_autoload_register(function (string $class) use ($prefixes): void {
        foreach ($prefixes as $prefix => $folder) {
            if (strncmp($class, $prefix, strlen($prefix)) === 0) {
                $file = $folder . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
                if (is_file($file)) {
                    require $file;
                }
                return;
            }
        }
    });
}
