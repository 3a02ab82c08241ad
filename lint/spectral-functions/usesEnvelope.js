import { usesEnvelope as check } from '../house-predicates.js';

// Runs on the resolved document: $refs are already followed.
export default function usesEnvelope(schema) {
  if (!check(schema, (node, base) => ({ node, base }))) {
    return [{ message: 'JSON response does not use the envelope (its schema declares no id/success).' }];
  }
  return [];
}
