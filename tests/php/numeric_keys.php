<?php
// Keys that PHP reads as numbers matched exactly by the compiled decode
// (test_keys_read_as_numbers_are_matched_exactly): prints per body what the decode gave (JSON).
// tests/clients/test_php_client.py runs it with `php -r` (run_on_bodies), AUTOLOAD
// (scripts/clients/autoload.php) and LIB (the pool-v3 package's lib folder) filled in as strings;
// stdin is a JSON object of named bodies.
namespace Raydium\PoolV3\Model;

require_once AUTOLOAD;
raydium_autoload(['Raydium\\PoolV3\\' => LIB]);

// A model whose JSON keys PHP reads as numbers ("5", "5.0"), and one nullable whose setter's name
// is not an identifier: Token with three more properties, as a generated model lists them.
class Probe extends Token
{
    protected $five = null;
    protected $five_point = null;
    protected $maybe = null;
    public array $calls = [];
    public static function attributeMap()
    {
        return parent::attributeMap() + ['five' => '5', 'five_point' => '5.0', 'maybe' => 'maybe'];
    }
    public static function openAPITypes()
    {
        return parent::openAPITypes() + ['five' => 'string', 'five_point' => 'int', 'maybe' => 'string'];
    }
    public static function setters()
    {
        return parent::setters() + ['five' => 'setFive', 'five_point' => 'setFivePoint', 'maybe' => "setMaybe\n"];
    }
    public static function isNullable(string $property): bool
    {
        return $property === 'maybe' || parent::isNullable($property);
    }
    public function __call($name, $arguments)
    {
        $this->calls[] = [$name, ...$arguments];
        return $this;
    }
}

$decode = \Closure::bind(function (string $body) {
    $value = json_decode($body); // build() takes it by reference
    return self::build($value, Probe::class, 'pool');
}, new \Raydium\PoolV3\Contract(), \Raydium\ApiRuntime\Contract::class);
$out = [];
foreach (json_decode(file_get_contents('php://stdin'), true) as $name => $body) {
    try {
        $model = $decode($body);
        $out[$name] = ['five' => $model['five'], 'five_point' => $model['five_point'], 'decimals' => $model['decimals'],
                       'extra' => $model->getAdditionalProperties(), 'calls' => $model->calls];
    } catch (\Throwable $e) {
        $out[$name] = $e->getMessage();
    }
}
echo json_encode($out);
