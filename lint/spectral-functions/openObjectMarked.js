import { isOpenShapeless } from '../house-predicates.js';

export default function openObjectMarked(schema) {
  if (isOpenShapeless(schema) && !('x-not-shown' in schema)) {
    return [{ message: 'Open object without a marker: a schema that shows no shape must carry x-not-shown.' }];
  }
  return [];
}
