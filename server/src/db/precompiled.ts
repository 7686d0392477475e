import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { KEEP_PLAN } from './database';
import type { DB } from './schema';

/** A placeholder standing for one named value while a query is built; it becomes a bound parameter. */
const SLOT = Symbol('precompiled slot');
type Slot = { readonly [SLOT]: string };
const isSlot = (v: unknown): v is Slot => typeof v === 'object' && v !== null && SLOT in v;

const pluginIds = new WeakMap<object, number>();
let pluginsSeen = 0;
const pluginId = (plugin: object) => {
  let id = pluginIds.get(plugin);
  if (id === undefined) pluginIds.set(plugin, (id = ++pluginsSeen));
  return id;
};

type Compiled = { query: CompiledQuery; text: string; slots: (string | null)[] };

/**
 * A query of fixed shape, built and compiled once per database and shape, then run with its values bound in place
 * (issue 11). Kysely builds and compiles a query again on every call; on the clock path that cost more CPU than
 * SQLite spent running the seven statements of a punch.
 *
 * `build` gets the values as placeholders. Use them only where Kysely binds a value as a parameter (comparisons,
 * inserted and set values); never branch on them, put them in `in` lists or `is` comparisons. Values that are
 * undefined are left out (as Kysely leaves such columns out of an insert or update), and the set of defined
 * keys is part of the shape: each shape is compiled once.
 */
export function precompiled<V extends Record<string, unknown>, O>(
  build: (db: Kysely<DB>, v: V) => Compilable<O>,
) {
  // Per adapter (one per database, shared by its transactions), then per plugin list (a plugin may rewrite the
  // query: a `withPlugin` copy compiles its own) and shape.
  const cache = new WeakMap<object, Map<string, Compiled>>();

  const compile = (db: Kysely<DB>, keys: string[]): Compiled => {
    const slots = Object.fromEntries(keys.map((k) => [k, Object.freeze({ [SLOT]: k })])) as unknown as V;
    const query = build(db, slots).compile();
    return {
      query,
      // PostgreSQL keeps these prepared (db/database preparedStatements): fixed shapes, point look-ups and writes.
      text: `${query.sql} ${KEEP_PLAN}`,
      slots: query.parameters.map((p) => (isSlot(p) ? p[SLOT] : null)),
    };
  };

  return async (db: Kysely<DB>, values: V): Promise<O[]> => {
    const keys = Object.keys(values).filter((k) => values[k] !== undefined);
    const executor = db.getExecutor();
    const shape = executor.plugins.length
      ? `${executor.plugins.map(pluginId).join(',')}|${keys.join('\u0000')}`
      : keys.join('\u0000');
    let shapes = cache.get(executor.adapter);
    if (!shapes) cache.set(executor.adapter, (shapes = new Map()));
    let compiled = shapes.get(shape);
    if (!compiled) shapes.set(shape, (compiled = compile(db, keys)));
    const { query, text, slots } = compiled;
    const parameters = slots.map((name, i) => (name === null ? query.parameters[i] : values[name]));
    const result = await db.executeQuery<O>(CompiledQuery.raw(text, parameters));
    return result.rows;
  };
}
