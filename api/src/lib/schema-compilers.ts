/**
 * When the routes' schemas become code. Fastify compiles every route's validator (ajv) and response
 * serializer (fast-json-stringify) while the app starts: about a second for this API's routes, which the
 * server pays once and gladly (a schema that cannot compile stops the start, not a request). The API's
 * tests build an app per test file and call a handful of its routes, so they compile each route's
 * schemas on the route's first use instead: the same compilers, with the same options and shared
 * schemas, give the same validation and the same bodies, later.
 */
import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

export type SchemaCompilation = 'at-start' | 'on-first-use';

type ValidatorFactory = ReturnType<typeof ValidatorSelector>;
type ValidatorCompile = ReturnType<ValidatorFactory>;
type ValidatorFunction = ReturnType<ValidatorCompile>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** A validator that compiles `compile()` on its first call and then behaves as the compiled one (`errors` included). */
function validatorOnFirstUse(compile: () => ValidatorFunction): ValidatorFunction {
  let compiled: ValidatorFunction | undefined;
  const validate = function (this: unknown, data: unknown) {
    compiled ??= compile();
    const result = compiled.call(this, data);
    validate.errors = compiled.errors;
    return result;
  } as ValidatorFunction;
  return validate;
}

/** Fastify's `schemaController` option for `mode`: nothing (Fastify's own) at start, lazy wrappers of the same compilers otherwise. */
export function schemaController(mode: SchemaCompilation): FastifyServerOptions['schemaController'] {
  if (mode === 'at-start') return undefined;
  const validators: ValidatorFactory = ValidatorSelector();
  const serializers: SerializerFactory = SerializerSelector();
  return {
    compilersFactory: {
      buildValidator: (externalSchemas: unknown, options: unknown) => {
        const compileRoute = validators(externalSchemas as never, options as never);
        return (route: Parameters<ValidatorCompile>[0]) => validatorOnFirstUse(() => compileRoute(route));
      },
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        const compileRoute = serializers(externalSchemas, options as never);
        return (route: Parameters<ReturnType<SerializerFactory>>[0]) => {
          let serialize: ((body: unknown) => string) | undefined;
          return (body: unknown) => (serialize ??= compileRoute(route))(body);
        };
      },
    },
  } as FastifyServerOptions['schemaController'];
}
