// Redocly CLI plugin with the house rules that configurable rules cannot express.
import { isOpenShapeless, usesEnvelope } from './house-predicates.js';

function OpenObjectMarked() {
  return {
    Schema(schema, ctx) {
      if (isOpenShapeless(schema) && !('x-not-shown' in schema)) {
        ctx.report({
          message: 'Open object without a marker: a schema that shows no shape must carry x-not-shown.',
          location: ctx.location,
        });
      }
    },
  };
}

function JsonResponseUsesEnvelope() {
  return {
    Response: {
      MediaType(media, ctx, parents) {
        const type = ctx.key;
        if (!/^application\/([a-z0-9.+-]*\+)?json$/.test(String(type)) || !media.schema) return;
        const resolve = (node, base) => {
          if (!node || !node.$ref) return { node, base };
          const target = ctx.resolve(node, base);
          return { node: target.node, base: target.location ? target.location.source.absoluteRef : base };
        };
        if (!usesEnvelope(media.schema, resolve)) {
          ctx.report({
            message: 'JSON response does not use the envelope (its schema declares no id/success).',
            location: ctx.location.child('schema'),
          });
        }
      },
    },
  };
}

export default function housePlugin() {
  return {
    id: 'house',
    rules: {
      oas3: {
        'open-object-marked': OpenObjectMarked,
        'json-response-uses-envelope': JsonResponseUsesEnvelope,
      },
    },
  };
}
