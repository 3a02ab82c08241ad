// Spectral's own `array-items`, on schemas only: its JSONPath also matches extension
// values such as x-evidence's `withoutEvidence: {type: [object, array]}`, which are data.
export default function arrayItems(schema) {
  if (schema && typeof schema === 'object' && schema.type === 'array' && !('items' in schema)) {
    return [{ message: 'Schemas with "type: array" require a sibling "items" field.' }];
  }
  return [];
}
