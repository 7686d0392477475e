import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  [key: string]: unknown;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** Where inside a schema nothing is said about the value: `{}` (z.any(), z.unknown()) or open extra keys (loose objects). */
function untypedParts(schema: Schema, at = ''): string[] {
  if (Object.keys(schema).length === 0) return [at || '(root)'];
  const found: string[] = [];
  if (schema.additionalProperties === true || isEmpty(schema.additionalProperties))
    found.push(`${at}{extra keys}`);
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    found.push(...untypedParts(value, `${at}.${key}`));
  if (schema.items) found.push(...untypedParts(schema.items, `${at}[]`));
  if (typeof schema.additionalProperties === 'object' && !isEmpty(schema.additionalProperties))
    found.push(...untypedParts(schema.additionalProperties, `${at}{}`));
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf])
    list?.forEach((s, i) => found.push(...untypedParts(s, `${at}|${i}`)));
  return found;
}
const isEmpty = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length === 0;

/**
 * The people routes (employees, departments, custom fields, import, badges) are typed by their own
 * piece of work; until then their untyped answers are counted, not failed. The spec's paths are the
 * public contract, so the first path segment names the area however the routes are split in files.
 */
const PEOPLE_SEGMENTS = new Set([
  'employees',
  'employee',
  'allemployees',
  'departments',
  'department',
  'alldepartments',
  'fields',
  'search',
]);
const isPeople = (path: string) => PEOPLE_SEGMENTS.has(path.replace(/^\/api\//, '/').split('/')[1] ?? '');

describe('OpenAPI document', () => {
  it('types every answer of every route except the people routes still being typed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;

    const untyped: { route: string; people: boolean }[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        const responses = Object.entries(operation.responses ?? {});
        const note = (what: string) => untyped.push({ route: `${route} ${what}`, people: isPeople(path) });
        if (!responses.some(([code]) => code.startsWith('2'))) note('has no success answer');
        for (const [code, response] of responses) {
          if (!response.content) {
            if (code.startsWith('2') && code !== '204') note(`${code} declares no content`);
            continue;
          }
          for (const [type, { schema = {} }] of Object.entries(response.content)) {
            // A file answer (PDF, XLSX, CSV) is bytes: a string schema under its own media type.
            if (!type.includes('json')) {
              if (schema.type !== 'string') note(`${code} ${type} is not a string/binary schema`);
              continue;
            }
            for (const part of untypedParts(schema)) note(`${code} ${type} ${part}`);
          }
        }
      }
    }

    const people = untyped.filter((u) => u.people).map((u) => u.route);
    const others = untyped.filter((u) => !u.people).map((u) => u.route);
    console.log(
      `OpenAPI: ${people.length} untyped people answer(s) remaining (employees, departments, fields, import, badges)` +
        (people.length ? `:\n  ${people.join('\n  ')}` : ''),
    );
    expect(others).toEqual([]);
  });
});
