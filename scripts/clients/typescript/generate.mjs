// Generate TypeScript types for one bundle with openapi-typescript's API.
//
// Usage: node scripts/clients/typescript/generate.mjs BUNDLE OUT.d.ts
//
// Why a script and not the openapi-typescript CLI: u64 amounts (`format: uint64`) exceed
// 2^53, and the CLI maps every integer to `number`, which would lose precision silently.
// The transform maps them to `bigint | `${bigint}`` (a bigint, or a decimal string of
// digits), so passing a plain `number` is a type error under `tsc --strict`.
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const [bundle, out] = process.argv.slice(2);
if (!bundle || !out) {
  console.error('usage: generate.mjs BUNDLE OUT.d.ts');
  process.exit(2);
}

const f = ts.factory;
const u64 = f.createUnionTypeNode([
  f.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword),
  f.createTemplateLiteralType(f.createTemplateHead(''), [
    f.createTemplateLiteralTypeSpan(
      f.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword),
      f.createTemplateTail(''),
    ),
  ]),
]);

const source = await readFile(bundle, 'utf8');
const ast = await openapiTS(source, {
  // a payload whose fields the source does not show is an open object: `Record<string, unknown>`
  // (readable by key), not openapi-typescript's default `Record<string, never>` (decision 63)
  emptyObjectsUnknown: true,
  transform(schema) {
    if (schema && schema.type === 'integer' && schema.format === 'uint64') return u64;
    return undefined;
  },
});
// No paths in the output: it must be byte-identical wherever the repository is cloned
// (scripts/clients/generate.py prepends the provenance header).
const header = [
  '// TypeScript types by scripts/clients/typescript/generate.mjs (openapi-typescript).',
  '// u64 amounts (format: uint64) are `bigint | `${bigint}``, never `number`.',
  '',
].join('\n');
await writeFile(out, header + astToString(ast));
