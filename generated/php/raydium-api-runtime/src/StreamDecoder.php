<?php

namespace Raydium\ApiRuntime;

use Psr\Http\Message\StreamInterface;

/**
 * Decodes a JSON body from its stream a piece at a time, so that the whole parse never exists at
 * once: the objects on the way to a list that is cut into items are read key by key, each item of
 * such a list is handed to a callback as its JSON text, which returns what stands in its place
 * (its model), and every other value is decoded whole with json_decode. The result is what
 * json_decode($body, false, 512, JSON_BIGINT_AS_STRING) gives, but with each item replaced.
 *
 * It only ever reads a body that json_decode would read: anything it does not expect (a body that
 * is not an object, a token it cannot delimit, a token json_decode refuses, text after the body)
 * ends the read with null, and the caller decodes the body whole, as it would have, for the error
 * that reading gives (docs/decisions/, 136). Its regular expressions only delimit tokens;
 * json_decode checks each one.
 *
 * @internal used by Contract
 */
final class StreamDecoder
{
    /** Bytes read from the stream at a time. */
    private const CHUNK = 1 << 16;

    /** JSON's own whitespace (PCRE's \s also takes \f and \v, which json_decode refuses). */
    private const WS = '[ \t\n\r]*+';

    private const STRING = '"(?:[^"\\\\]++|\\\\.)*+"';

    /** The next character after whitespace, not consumed. */
    private const PEEK = '/\G' . self::WS . '(?=(.))/s';

    /** A member's key and its colon. */
    private const KEY = '/\G' . self::WS . '(' . self::STRING . ')' . self::WS . ':/';

    /** A ',' or the list's or object's end. */
    private const NEXT = '/\G' . self::WS . '([,\]}])/';

    /**
     * One whole value, the match itself (\K drops the whitespace, so that an item is copied out of
     * the buffer once): an object or a list (balanced, strings skipped whole; the group is only
     * defined, so it captures nothing), a string, or a number or literal followed by what may end
     * it (so that the end of what has been read never cuts one short).
     */
    private const VALUE = '/\G' . self::WS . '\K(?:(?&c)|' . self::STRING . '|[-+.0-9a-zA-Z]++(?=' . self::WS . '[,\]}]))'
        . '(?(DEFINE)(?<c>\{(?:[^{}\[\]"]++|' . self::STRING . '|(?&c))*+\}|\[(?:[^{}\[\]"]++|' . self::STRING . '|(?&c))*+\]))/';

    private const TAIL = '/\G' . self::WS . '\z/';

    /** What has been read and not yet used up, from $at on. */
    private string $buffer = '';

    private int $at = 0;

    /** Set when a read ended short of what json_decode would read. */
    private bool $failed = false;

    /**
     * @param \Closure(string, int, string, int): mixed $item
     */
    private function __construct(private readonly StreamInterface $stream, private readonly \Closure $item)
    {
    }

    /**
     * The body of $stream decoded, each item of a list at a path of $tree replaced by what $item
     * returns for it; null where the body is not an object json_decode would read. The stream is
     * read from its start, and left at its start; exceptions $item throws are let through.
     *
     * @param array<string, mixed> $tree the keys on the way to each list to cut: a key's value is
     *   the tree below it, or the list's path ("data/data") where the list itself is reached
     * @param \Closure(string, int, string, int): mixed $item called with a list's path, an item's
     *   index, its JSON text and the depth to decode it at (parse()); returns what stands in its
     *   place, or throws (a \JsonException ends the read with null, as one of the reader's own)
     */
    public static function decode(StreamInterface $stream, array $tree, \Closure $item): ?\stdClass
    {
        $stream->rewind();
        $reader = new self($stream, $item);
        try {
            if ($reader->peek() !== '{') {
                return null;
            }
            $reader->at++;
            $body = $reader->object($tree, 1);

            return $reader->atEnd() ? $body : null;
        } catch (\JsonException) {
            return null;
        } finally {
            $stream->rewind();
        }
    }

    /**
     * The rest of an object whose '{' is read, at $depth (the lists and objects it is in, itself
     * counted), descending into the keys of $tree.
     *
     * @param array<string, mixed> $tree
     */
    private function object(array $tree, int $depth): ?\stdClass
    {
        $object = new \stdClass();
        if ($this->peek() === '}') {
            $this->at++;

            return $object;
        }
        do {
            $key = $this->next(self::KEY);
            if ($key === null) {
                return null;
            }
            $name = (string) json_decode($key, false, 1, JSON_THROW_ON_ERROR);
            if (str_starts_with($name, "\0")) {
                return $this->fail(); // json_decode refuses such a property name
            }
            $below = $tree[$name] ?? null;
            $open = $below === null ? null : $this->peek();
            if (is_array($below) && $open === '{') {
                $this->at++;
                $value = $this->object($below, $depth + 1);
            } elseif (is_string($below) && $open === '[') {
                $this->at++;
                $value = $this->items($below, $depth + 1);
            } else {
                $value = $this->value($depth);
            }
            if ($value === null && $this->failed) {
                return null;
            }
            $object->$name = $value;
            $end = $this->next(self::NEXT);
        } while ($end === ',');

        return $end === '}' ? $object : $this->fail();
    }

    /**
     * The rest of a list at $path whose '[' is read, each item handed to the callback.
     *
     * @return mixed[]|null
     */
    private function items(string $path, int $depth): ?array
    {
        $items = [];
        if ($this->peek() === ']') {
            $this->at++;

            return $items;
        }
        do {
            $json = $this->next(self::VALUE);
            if ($json === null) {
                return null;
            }
            $items[] = ($this->item)($path, count($items), $json, $depth);
            $end = $this->next(self::NEXT);
        } while ($end === ',');

        return $end === ']' ? $items : $this->fail();
    }

    /** Null, the read marked as ended short. */
    private function fail(): mixed
    {
        $this->failed = true;

        return null;
    }

    /** The next value, decoded whole, inside $depth lists and objects. */
    private function value(int $depth): mixed
    {
        $json = $this->next(self::VALUE);

        return $json === null ? null : self::parse($json, $depth);
    }

    /** $json decoded as a value inside $depth lists and objects (json_decode's depth counts them). */
    public static function parse(string $json, int $depth): mixed
    {
        return json_decode($json, false, 512 - $depth, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
    }

    /** The next character after whitespace, which is skipped; null at the body's end. */
    private function peek(): ?string
    {
        return $this->next(self::PEEK);
    }

    /**
     * What $pattern matches where the read stands (its first group, where it has one), the read
     * moved past the match; more of the stream is read while it does not match, and null is
     * returned at the stream's end. Null at once where PCRE gives up (a value too long for its
     * backtracking limit, pcre.backtrack_limit, such as a list of some 300,000 strings): reading
     * on would only fail again.
     */
    private function next(string $pattern): ?string
    {
        while (true) {
            $found = preg_match($pattern, $this->buffer, $match, PREG_OFFSET_CAPTURE, $this->at);
            if ($found === 1) {
                $this->at = $match[0][1] + strlen($match[0][0]);

                return ($match[1] ?? $match[0])[0];
            }
            if ($found === false || !$this->more()) {
                return $this->fail();
            }
        }
    }

    /** Whether only whitespace is left. */
    private function atEnd(): bool
    {
        if ($this->failed) {
            return false;
        }
        do {
            if (preg_match(self::TAIL, $this->buffer, $match, 0, $this->at) !== 1) {
                return false;
            }
            $this->at = strlen($this->buffer);
        } while ($this->more());

        return $this->stream->eof();
    }

    /**
     * Reads more of the stream onto what is left of the buffer, at least as much again as is left
     * (a value longer than a chunk is matched again over twice the bytes, so the work stays linear
     * in its length); false at the stream's end, or where a read gives nothing before it (PSR-7
     * allows that for bytes not yet come: the caller then reads the body whole).
     */
    private function more(): bool
    {
        $left = substr($this->buffer, $this->at);
        $want = max(self::CHUNK, strlen($left));
        $read = '';
        while (strlen($read) < $want && !$this->stream->eof()) {
            $part = $this->stream->read($want - strlen($read));
            if ($part === '') {
                break;
            }
            $read .= $part;
        }
        if ($read === '') {
            return false;
        }
        $this->buffer = $left . $read;
        $this->at = 0;

        return true;
    }
}
