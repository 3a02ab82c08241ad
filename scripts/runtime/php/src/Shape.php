<?php

namespace Raydium\ApiRuntime;

/**
 * A regular expression per model class that matches the JSON text of an object only where the
 * class's decoder (Contract::model()) would build it without an error: every listed key's value of
 * its type, an enum's value one of its values, a null only where the property is nullable, every
 * required key there, and the text itself JSON that json_decode reads. PCRE checks it in C, so a
 * list's items are checked as they come and built on their first read (docs/decisions/, 137).
 *
 * The patterns only need to be sound: a text they match must build, but a text they refuse is
 * simply read the old way, which throws the error it has. So they refuse rather than follow
 * what is rare or hard to mirror: an escape in a key, a surrogate escape, a null item of a
 * list, an integer of more than 18 digits, a free-form value nested more than DEPTH deep. A class
 * with a rule other than an enum (a length, a pattern, a range), a date, a parent schema, a
 * discriminator or a model that holds itself has no pattern at all.
 *
 * @internal used by Contract
 */
final class Shape
{
    /** How deep a free-form value (a `mixed` or `object` property) may nest and still match. */
    public const DEPTH = 8;

    private const WS = '[ \t\n\r]*+';

    /** A JSON string json_decode reads: no control character, a known escape, no surrogate escape. */
    private const STRING = '"(?:[^"\\\\\x00-\x1f]++|\\\\(?:["\\\\/bfnrt]|u(?![dD][89a-fA-F])[0-9a-fA-F]{4}))*+"';

    /** A key with no escape (json_decode refuses an object key that begins with "\u0000"). */
    private const KEY = '"[^"\\\\\x00-\x1f]*+"';

    /** An integer that fits PHP's int whatever its sign (JSON_BIGINT_AS_STRING makes a longer one a string). */
    private const INT = '-?+(?:0|[1-9][0-9]{0,17}+)(?![0-9])';

    /** A number json_decode makes a float, or an int a float property takes. */
    private const FLOAT = '(?:-?+(?:0|[1-9][0-9]*+)(?:\.[0-9]++(?:[eE][-+]?+[0-9]++)?+|[eE][-+]?+[0-9]++)|' . self::INT . ')';

    private const NUMBER = '-?+(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?+(?:[eE][-+]?+[0-9]++)?+';

    /** The pattern of each class's items, or false where the class has none. @var array<string, string|false> */
    private array $done = [];

    /** The DEFINE groups written so far, by name. @var array<string, string> */
    private array $groups = [];

    /** The classes being written, to refuse a model that holds itself. @var array<string, true> */
    private array $open = [];

    /** @param \Closure(string): array{0: string, 1: string} $kind Contract::kind() */
    private function __construct(private readonly \Closure $kind)
    {
    }

    /**
     * The pattern that matches the whole JSON text of an object $class builds from without an
     * error and with no null item in the lists at $nulls (NULL_CHECKS within an item, "mintA/tags"),
     * or null where there is none. The patterns admit no null item in any list; a null check that
     * reaches into a free-form value, where a null is admitted, leaves the class with no pattern.
     *
     * @param class-string $class
     * @param \Closure(string): array{0: string, 1: string} $kind
     * @param string[] $nulls
     */
    public static function of(string $class, \Closure $kind, array $nulls = []): ?string
    {
        foreach ($nulls as $path) {
            $type = self::typeAt('\\' . $class, explode('/', $path), $kind);
            if ($type === null || $kind($type)[0] !== 'list') {
                return null;
            }
        }
        $shape = new self($kind);
        $name = $shape->model($class);
        if ($name === null) {
            return null;
        }
        $free = '(?<j0>' . self::STRING . '|' . self::NUMBER . '|true|false|null)';
        for ($depth = 1; $depth <= self::DEPTH; $depth++) {
            $inner = '(?&j' . ($depth - 1) . ')';
            $free .= "(?<j$depth>" . self::object(self::KEY . self::WS . ':' . self::WS . $inner) . '|' . self::list($inner) . '|(?&j0))';
        }
        $skip = '(?<skip>\{(?:[^{}\[\]"]++|' . self::STRING . '|(?&skip))*+\}|\[(?:[^{}\[\]"]++|' . self::STRING
            . '|(?&skip))*+\]|' . self::STRING . '|[-+.0-9a-zA-Z]++)';

        $groups = '';
        foreach ($shape->groups as $group => $body) {
            $groups .= "(?<$group>$body)";
        }

        // u: PCRE refuses a text that is not UTF-8, as json_decode does
        $pattern = "~\\A(?&$name)\\z(?(DEFINE)$free$skip$groups)~u";

        return @preg_match($pattern, '') === false ? null : $pattern; // PCRE's own limits on a pattern
    }

    /**
     * The generator's type at $segments (JSON keys, '*' for a list's items) below the type $type,
     * through models and lists; null where the path leaves them (a key no model lists, a map, a
     * free-form value). Contract::split() finds the lists it cuts into items with it too.
     *
     * @param string[] $segments
     * @param \Closure(string): array{0: string, 1: string} $kind
     */
    public static function typeAt(string $type, array $segments, \Closure $kind): ?string
    {
        foreach ($segments as $segment) {
            [$is, $inner] = $kind($type);
            if ($segment === '*' && $is === 'list') {
                $type = $inner;
                continue;
            }
            $property = $is === 'model' ? array_search($segment, $inner::attributeMap(), true) : false;
            if ($property === false) {
                return null;
            }
            $type = $inner::openAPITypes()[$property];
        }

        return $type;
    }

    /** The name of $class's group, written with the groups it calls; null where it has none. */
    private function model(string $class): ?string
    {
        if (isset($this->done[$class])) {
            return $this->done[$class] === false ? null : $this->done[$class];
        }
        if (isset($this->open[$class])) {
            return null; // a model that holds itself could nest deeper than json_decode reads
        }
        $this->open[$class] = true;
        $body = $this->members($class);
        unset($this->open[$class]);
        if ($body === null) {
            $this->done[$class] = false;

            return null;
        }
        $name = 'm' . count($this->groups);
        $this->groups[$name] = $body;
        $this->done[$class] = $name;

        return $name;
    }

    /** The pattern of an object of $class, or null where it has none. */
    private function members(string $class): ?string
    {
        $checks = defined("$class::SETTER_CHECKS") ? $class::SETTER_CHECKS : null;
        if ($checks === null || !defined("$class::REQUIRED_PROPERTIES") || (defined("$class::DISCRIMINATOR") && $class::DISCRIMINATOR !== null)) {
            return null;
        }
        $names = $class::attributeMap();
        $getters = $class::getters();
        $setters = $class::setters();
        $members = [];
        $required = [];
        foreach ($class::openAPITypes() as $property => $type) {
            $key = $names[$property];
            if (!is_string($key) || preg_match('/["\\\\\x00-\x1f]/', $key) === 1) {
                return null;
            }
            if (isset($checks[$property])) {
                $value = $this->enum($class, $getters[$property] . 'AllowableValues', $setters[$property], $type);
            } else {
                $value = $this->value($type);
            }
            if ($value === null) {
                return null;
            }
            if ($class::isNullable($property)) {
                $value = "(?:null|$value)";
            }
            $quoted = '"' . preg_quote($key, '~') . '"';
            $members[] = $quoted . self::WS . ':' . self::WS . $value;
            if (isset($class::REQUIRED_PROPERTIES[$property])) {
                // each required key is looked for among the members, their values skipped whole
                $required[] = '(?=' . self::WS . '(?:' . self::STRING . self::WS . ':' . self::WS . '(?&skip)' . self::WS . ',' . self::WS . ')*?'
                    . $quoted . self::WS . ':)';
            }
        }
        $known = array_map(fn (string $key): string => preg_quote($key, '~'), array_values($names));
        $members[] = ($known === [] ? '' : '(?!"(?:' . implode('|', $known) . ')")') . self::KEY . self::WS . ':' . self::WS . '(?&j' . self::DEPTH . ')';

        return self::object('(?:' . implode('|', $members) . ')', implode('', $required));
    }

    /**
     * The pattern of a property whose setter checks an enum: its values, each as json_encode writes
     * it, where the setter takes each of them (and, an enum, nothing else); null for any other check.
     */
    private function enum(string $class, string $allowed, string $setter, string $type): ?string
    {
        if (!in_array($type, ['string', 'int'], true) || !method_exists($class, $allowed)) {
            return null;
        }
        $values = (new $class())->$allowed();
        foreach ($values as $value) {
            if (!($type === 'string' ? is_string($value) : is_int($value))) {
                return null; // the decoder checks the property's type before its setter
            }
            try {
                (new $class())->$setter($value);
            } catch (\InvalidArgumentException) {
                return null; // the setter checks more than the enum
            }
        }

        return self::oneOf($values);
    }

    /** The pattern of a value of the generator's type $type, or null where there is none. */
    private function value(string $type): ?string
    {
        [$kind, $inner] = ($this->kind)($type);
        switch ($kind) {
            case 'scalar':
                return match ($type) {
                    'string' => self::STRING,
                    'int' => self::INT,
                    'float' => self::FLOAT,
                    'bool' => '(?:true|false)',
                    'object' => '(?=\{)(?&j' . self::DEPTH . ')',
                    'mixed' => '(?!null)(?&j' . self::DEPTH . ')',
                    default => null,
                };
            case 'list':
                $item = $this->value($inner);

                return $item === null ? null : self::list($item);
            case 'map':
                $item = $this->value($inner);

                return $item === null ? null : self::object(self::KEY . self::WS . ':' . self::WS . $item);
            case 'enum':
                return self::oneOf($inner::getAllowableEnumValues());
            case 'model':
                $name = $this->model($inner);

                return $name === null ? null : "(?&$name)";
            default:
                return null; // a date, or a type with no decoder
        }
    }

    /**
     * One of $values (an enum's), each exactly as json_encode writes it; null where there is none,
     * or where one is neither a string nor an int.
     *
     * @param mixed[] $values
     */
    private static function oneOf(array $values): ?string
    {
        $literals = [];
        foreach ($values as $value) {
            if (!is_string($value) && !is_int($value)) {
                return null;
            }
            $literals[] = preg_quote(json_encode($value, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), '~');
        }

        return $literals === [] ? null : '(?:' . implode('|', $literals) . ')';
    }

    /** A list of $item, no item null. */
    private static function list(string $item): string
    {
        return '\[' . self::WS . '(?:' . $item . '(?:' . self::WS . ',' . self::WS . $item . ')*+)?+' . self::WS . '\]';
    }

    /** An object of $member members, $ahead (lookaheads) checked at its start. */
    private static function object(string $member, string $ahead = ''): string
    {
        return '\{' . $ahead . self::WS . '(?:' . $member . '(?:' . self::WS . ',' . self::WS . $member . ')*+)?+' . self::WS . '\}';
    }
}
