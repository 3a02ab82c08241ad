<?php
// Prints the public names of a generated PHP package, one per line: its classes (from the
// PSR-4 file names under lib/), their public constants (Class::NAME), and the public methods
// each class declares itself (Class::method()). A name that is the shared runtime's class (an
// alias, Raydium\ApiRuntime\ApiException as Raydium\PoolV3\ApiException) is listed with that
// class's own members, and a class that extends a runtime class (Contract) with the members it
// inherits from the runtime: callers use them by the client's name. Run by
// scripts/clients/client_surface.py as `php surface.php LIB NAMESPACE`; scripts/clients/autoload.php loads
// Guzzle from Debian's packages and the runtime.
require_once dirname(__DIR__) . '/autoload.php';

const RUNTIME = 'Raydium\\ApiRuntime\\';
[$lib, $namespace] = [$argv[1], $argv[2]];
raydium_autoload([$namespace . '\\' => $lib]);

/** Whether a member declared by $declaring is one of $class's, as its callers see it. */
function own(string $declaring, ReflectionClass $reflection): bool
{
    return $declaring === $reflection->getName()
        || (str_starts_with($declaring, RUNTIME) && !str_starts_with($reflection->getName(), RUNTIME));
}

$names = [];
$files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($lib, FilesystemIterator::SKIP_DOTS));
foreach ($files as $file) {
    if ($file->getExtension() !== 'php') {
        continue;
    }
    $relative = substr($file->getPathname(), strlen($lib) + 1, -4);
    $class = $namespace . '\\' . str_replace('/', '\\', $relative);
    if (!class_exists($class) && !interface_exists($class)) {
        continue; // a file that declares no class (aliases.php)
    }
    $reflection = new ReflectionClass($class);
    $names[] = $class;
    foreach ($reflection->getReflectionConstants(ReflectionClassConstant::IS_PUBLIC) as $constant) {
        if (own($constant->getDeclaringClass()->getName(), $reflection)) {
            $names[] = $class . '::' . $constant->getName();
        }
    }
    foreach ($reflection->getMethods(ReflectionMethod::IS_PUBLIC) as $method) {
        if (own($method->getDeclaringClass()->getName(), $reflection)) {
            $names[] = $class . '::' . $method->getName() . '()';
        }
    }
}
sort($names);
echo implode("\n", array_unique($names)), "\n";
