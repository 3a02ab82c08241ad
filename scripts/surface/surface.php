<?php
// Prints the public names of a generated PHP package, one per line: its classes (from the
// PSR-4 file names under lib/), their public constants (Class::NAME), and the public methods
// each class declares itself (Class::method()). Run by scripts/client_surface.py as
// `php surface.php LIB NAMESPACE`; Guzzle from Debian's packages.
require_once '/usr/share/php/GuzzleHttp/autoload.php';

[$lib, $namespace] = [$argv[1], $argv[2]];
spl_autoload_register(function (string $class) use ($lib, $namespace): void {
    $prefix = $namespace . '\\';
    if (strncmp($class, $prefix, strlen($prefix)) === 0) {
        require $lib . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    }
});
$names = [];
$files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($lib, FilesystemIterator::SKIP_DOTS));
foreach ($files as $file) {
    if ($file->getExtension() !== 'php') {
        continue;
    }
    $relative = substr($file->getPathname(), strlen($lib) + 1, -4);
    $class = $namespace . '\\' . str_replace('/', '\\', $relative);
    $reflection = new ReflectionClass($class);
    $names[] = $class;
    foreach ($reflection->getReflectionConstants(ReflectionClassConstant::IS_PUBLIC) as $constant) {
        if ($constant->getDeclaringClass()->getName() === $class) {
            $names[] = $class . '::' . $constant->getName();
        }
    }
    foreach ($reflection->getMethods(ReflectionMethod::IS_PUBLIC) as $method) {
        if ($method->getDeclaringClass()->getName() === $class) {
            $names[] = $class . '::' . $method->getName() . '()';
        }
    }
}
sort($names);
echo implode("\n", array_unique($names)), "\n";
