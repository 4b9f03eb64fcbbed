import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@agentroom/shared/contract';
import { buildOpenApiDocument } from '../../src/contract/openapi-document';

/** Inside the API package, so the check's `@agentroom/shared` import resolves as the app's does. */
const DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/openapi-client-check');
const WEB_CALL = path.resolve(import.meta.dirname, '../../../web/src/api/call-route');

/**
 * Per route, in both directions a client needs: what the web client sends (its `call` input: path
 * params, query, JSON body) fits the generated operation's request, and what the generated operation
 * says comes back fits what the web client reads (`data` of each success status).
 */
const CHECKS = `
import type { operations } from './openapi';
import type { ResponsesOf, RouteName } from '@agentroom/shared/contract';
import type { CallInput } from '${WEB_CALL}';

type Fits<A, B> = [A] extends [B] ? true : false;
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Op<K extends RouteName> = K extends keyof operations ? operations[K] : never;
type Sent<K extends RouteName, F extends string> = CallInput<K> extends Partial<Record<F, infer V>> ? Exclude<V, undefined> : never;
type GenParams<K extends RouteName, F extends 'path' | 'query'> = Op<K> extends { parameters: Partial<Record<F, infer P>> } ? P : never;
type GenBody<K extends RouteName> = Op<K> extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
type GenData<K extends RouteName, S> = Op<K> extends { responses: Record<S & number, infer R> } ? (Json<R> extends { data: infer D } ? D : never) : never;
type Answers<K extends RouteName> = { [S in keyof ResponsesOf<K>]: Fits<GenData<K, S>, ResponsesOf<K>[S]> }[keyof ResponsesOf<K>];

type Check<K extends RouteName> = {
  operation: Fits<K, keyof operations>;
  params: Fits<Sent<K, 'params'>, GenParams<K, 'path'>>;
  query: Fits<Sent<K, 'query'>, GenParams<K, 'query'>>;
  body: Sent<K, 'body'> extends FormData ? true : Fits<Sent<K, 'body'>, GenBody<K>>;
  answers: Fits<Answers<K>, true>;
};
type AllTrue<K extends RouteName> = { [F in keyof Check<K>]: true };
`;

const checkLine = (name: string) => `export const ${name}: Check<'${name}'> = {} as AllTrue<'${name}'>;`;

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  // Only the check's own lines: the web's files are typechecked by the web package.
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n').slice(0, 4).join(' / '));
}

describe('a client generated from the OpenAPI document (openapi-typescript)', () => {
  afterAll(async () => {
    await rm(DIR, { recursive: true, force: true });
  });

  it('agrees with how the web client calls every route: requests fit, answers fit', async () => {
    await mkdir(DIR, { recursive: true });
    const generated = astToString(await openapiTS(buildOpenApiDocument({ includeDevRoutes: true }) as never));
    await writeFile(path.join(DIR, 'openapi.d.ts'), generated);
    // Files are downloaded and redirects followed by the browser itself, not called for JSON.
    const jsonRoutes = API_ROUTES.filter((route) => !route.file && !route.redirect);
    expect(jsonRoutes.length).toBeGreaterThan(60);
    const file = path.join(DIR, 'check.ts');
    await writeFile(file, CHECKS + jsonRoutes.map((route) => checkLine(route.name)).join('\n'));
    expect(typeErrors(file)).toEqual([]);
  }, 120_000);
});
