// Spectral's own `array-items`, on schemas only: its JSONPath also matches extension
// values (data, not schemas); our own extension data no longer looks like a schema either.
export default function arrayItems(schema) {
  if (schema && typeof schema === 'object' && schema.type === 'array' && !('items' in schema)) {
    return [{ message: 'Schemas with "type: array" require a sibling "items" field.' }];
  }
  return [];
}
