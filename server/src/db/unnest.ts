/**
 * PostgreSQL: `columns` of `rows` as one array parameter a column, unnested back into rows: the statement's text is
 * the same however many rows it carries. (A VALUES list of one tuple a row made a new text for every group size:
 * each parsed and planned five times on each connection before a generic plan; planning was ~20 % of the
 * database's time under the clock bench.)
 */
export function unnestRows(
  rows: Record<string, unknown>[],
  columns: readonly (readonly [string, string])[],
  params: unknown[],
): string {
  const arrays = columns.map(([c, type]) => {
    params.push(rows.map((r) => r[c] ?? null));
    return `$${params.length}::${type}[]`;
  });
  return `unnest(${arrays.join(', ')}) as "v" (${columns.map(([c]) => `"${c}"`).join(', ')})`;
}
