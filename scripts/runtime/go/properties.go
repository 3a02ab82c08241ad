package apiruntime

import (
	"bytes"
	"encoding/json"
	"errors"
)

// errNotObject and errNotArray are the errors of Properties, Members and Items for anything else.
var (
	errNotObject = errors.New("apiruntime: not a JSON object")
	errNotArray  = errors.New("apiruntime: not a JSON array")
)

// Properties returns the members of the JSON object data: each key with its value's raw JSON, a
// slice of data (not a copy, so valid while data is). It scans the object once and decodes no
// value. The generated models read an object's keys with it (the required ones, and those the
// schema does not name, which go to AdditionalProperties), where a decode into a map would
// read the whole object a second time. A later member of the same key replaces an earlier
// one, as in encoding/json.
//
// encoding/json checks that a body is valid JSON before any model's UnmarshalJSON sees a part
// of it; given anything but an object, Properties returns an error rather than guess.
func Properties(data []byte) (map[string][]byte, error) {
	members := make(map[string][]byte)
	_, err := Members(data, 0, func(key []byte, at int) (int, error) {
		stop := endOfValue(data, at)
		if stop < 0 {
			return at, errNotObject
		}
		members[string(key)] = data[at:stop]
		return stop, nil
	})
	if err != nil {
		return nil, err
	}
	return members, nil
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// endOfString is the index just past the string that starts at data[i] ('"'), or -1.
func endOfString(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// endOfValue is the index just past the value that starts at data[i], or -1.
func endOfValue(data []byte, i int) int {
	if i >= len(data) {
		return -1
	}
	switch data[i] {
	case '"':
		return endOfString(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				end := endOfString(data, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i // a number, true, false or null
	for j < len(data) && data[j] != ',' && data[j] != '}' && data[j] != ']' && data[j] != ' ' && data[j] != '\t' && data[j] != '\n' && data[j] != '\r' {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// Members reads the JSON object whose value starts at data[at] (after any space): for each
// member in order it calls member with the key (unescaped, valid only during the call) and the
// index of the value's first byte; member returns the index just past that value, having read
// it (a nested model's walk) or skipped it (Skip). Members returns the index just past the
// closing '}'. One scan of the object, no value decoded: the generated models' UnmarshalJSON
// reads with it, after encoding/json has decoded (and so checked) the same bytes.
func Members(data []byte, at int, member func(key []byte, at int) (int, error)) (int, error) {
	i := skipSpace(data, at)
	if i >= len(data) || data[i] != '{' {
		return i, errNotObject
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return i, errNotObject
		}
		end := endOfString(data, i)
		if end < 0 {
			return i, errNotObject
		}
		key := data[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 { // an escaped key: let encoding/json unescape it
			var unescaped string
			if err := json.Unmarshal(data[i:end], &unescaped); err != nil {
				return i, err
			}
			key = []byte(unescaped)
		}
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return i, errNotObject
		}
		stop, err := member(key, skipSpace(data, i+1))
		if err != nil {
			return stop, err
		}
		i = skipSpace(data, stop)
		if i >= len(data) {
			return i, errNotObject
		}
		if data[i] == '}' {
			return i + 1, nil
		}
		if data[i] != ',' {
			return i, errNotObject
		}
		i = skipSpace(data, i+1)
	}
}

// Items reads the JSON array whose value starts at data[at] (after any space) as Members reads
// an object: item gets each item's position and the index of its first byte, and returns the
// index just past it. Items returns the index just past the closing ']'.
func Items(data []byte, at int, item func(index, at int) (int, error)) (int, error) {
	i := skipSpace(data, at)
	if i >= len(data) || data[i] != '[' {
		return i, errNotArray
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return i + 1, nil
	}
	for index := 0; ; index++ {
		stop, err := item(index, i)
		if err != nil {
			return stop, err
		}
		i = skipSpace(data, stop)
		if i >= len(data) {
			return i, errNotArray
		}
		if data[i] == ']' {
			return i + 1, nil
		}
		if data[i] != ',' {
			return i, errNotArray
		}
		i = skipSpace(data, i+1)
	}
}

// errNotValue is Skip's error where data[at] starts no JSON value.
var errNotValue = errors.New("apiruntime: not a JSON value")

// Skip returns the index just past the JSON value that starts at data[at] (after any space).
func Skip(data []byte, at int) (int, error) {
	i := skipSpace(data, at)
	end := endOfValue(data, i)
	if end < 0 {
		return i, errNotValue
	}
	return end, nil
}

// SkipSpace returns the index of the first byte at or after data[at] that is not JSON space.
func SkipSpace(data []byte, at int) int { return skipSpace(data, at) }
