// House predicates shared by the Redocly plugin and the Spectral functions.
// The Python house rules (scripts/spec/house_rules.py, scripts/spec/oas.py) implement the same
// definitions; tests/spec/test_broken_corpus.py proves that the three agree on the broken corpus.

const SHAPE_KEYWORDS = [
  'properties', 'patternProperties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf',
  '$ref', 'enum', 'const', 'not', 'if',
];

// Assertions that constrain a value described elsewhere (e.g. `else: {required: [x]}`).
const CONSTRAINT_KEYWORDS = [
  'required', 'dependentRequired', 'minProperties', 'maxProperties', 'minLength', 'maxLength',
  'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minItems', 'maxItems', 'uniqueItems',
];

// A schema that shows no shape: an object (or untyped value) with no properties, no
// composition and no typed additionalProperties. It must carry x-not-shown. An untyped
// schema made only of assertions (a conditional's `then: {required: [...]}`) is not open.
export function isOpenShapeless(schema) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return false;
  if (SHAPE_KEYWORDS.some((k) => k in schema)) return false;
  if (schema.maxProperties === 0) return false; // an empty object shows its whole shape
  if (!('type' in schema) && CONSTRAINT_KEYWORDS.some((k) => k in schema)) return false;
  const ap = schema.additionalProperties;
  if (ap && typeof ap === 'object') return false;
  const t = schema.type;
  if (t === undefined) return true;
  return (Array.isArray(t) ? t : [t]).includes('object');
}

// Property names a schema declares directly, through allOf, or in every member of a oneOf/anyOf.
// `resolve(node, base)` follows a $ref found in the document `base` and returns
// {node, base} of the target (base threads relative refs across files).
export function declaredNames(schema, resolve, base = undefined, depth = 0) {
  const names = new Set();
  const { node: s, base: at } = resolve(schema, base);
  if (!s || typeof s !== 'object' || depth > 20) return names;
  for (const k of Object.keys(s.properties || {})) names.add(k);
  for (const sub of s.allOf || []) {
    for (const k of declaredNames(sub, resolve, at, depth + 1)) names.add(k);
  }
  for (const key of ['oneOf', 'anyOf']) {
    // alternatives: a name counts when every member declares it
    const members = (s[key] || []).map((sub) => declaredNames(sub, resolve, at, depth + 1));
    if (members.length) {
      for (const k of members[0]) if (members.every((m) => m.has(k))) names.add(k);
    }
  }
  return names;
}

export function usesEnvelope(schema, resolve) {
  const names = declaredNames(schema, resolve);
  return names.has('id') && names.has('success');
}
