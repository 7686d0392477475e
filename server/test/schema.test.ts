import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

interface DeclaredColumn {
  nullable: boolean;
  /** Wrapped in Generated<> or Default<>: inserts may leave it out, so the database must fill it. */
  defaulted: boolean;
}

/** The tables of schema.ts's DB interface, read from the source with the TypeScript compiler. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const path = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const propertiesOf = (decl: ts.InterfaceDeclaration) =>
    decl.members.filter(ts.isPropertySignature).map((p) => ({ name: p.name.getText(source), type: p.type! }));

  const unwrap = (type: ts.TypeNode): { type: ts.TypeNode; defaulted: boolean } => {
    if (ts.isTypeReferenceNode(type) && type.typeArguments?.length) {
      const name = type.typeName.getText(source);
      if (name === 'Generated' || name === 'Default') return { type: type.typeArguments[0], defaulted: true };
      if (name === 'ColumnType') return { type: type.typeArguments[0], defaulted: false };
    }
    return { type, defaulted: false };
  };
  const includesNull = (type: ts.TypeNode): boolean =>
    ts.isUnionTypeNode(type)
      ? type.types.some(includesNull)
      : ts.isParenthesizedTypeNode(type)
        ? includesNull(type.type)
        : ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword;

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts has no DB interface');
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const { name, type } of propertiesOf(db)) {
    const tableInterface = interfaces.get(type.getText(source));
    if (!tableInterface) throw new Error(`DB.${name} is not an interface of schema.ts`);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of propertiesOf(tableInterface)) {
      const { type: inner, defaulted } = unwrap(column.type);
      columns.set(column.name, { nullable: includesNull(inner), defaulted });
    }
    tables.set(name, columns);
  }
  return tables;
}

describe('schema.ts', () => {
  it('declares exactly the tables and columns the migrations create, with their nullability', async () => {
    const declared = declaredTables();
    const actual = await t.db.introspection.getTables();

    const describeTables = (tables: Map<string, Map<string, { nullable: boolean }>>) =>
      Object.fromEntries(
        [...tables].map(([name, columns]) => [
          name,
          Object.fromEntries([...columns].map(([c, v]) => [c, v.nullable ? 'null' : 'not null'])),
        ]),
      );
    const migrated = new Map(
      actual.map((table) => [
        table.name,
        new Map(
          table.columns.map((c) => [
            c.name,
            // SQLite reports an INTEGER PRIMARY KEY as nullable, yet it is never null.
            { nullable: c.isNullable && !c.isAutoIncrementing },
          ]),
        ),
      ]),
    );
    expect(describeTables(declared)).toEqual(describeTables(migrated));
  });

  it('wraps a NOT NULL column in Generated<> or Default<> only when the database fills it', async () => {
    const declared = declaredTables();
    const unfilled: string[] = [];
    for (const table of await t.db.introspection.getTables()) {
      for (const column of table.columns) {
        const d = declared.get(table.name)?.get(column.name);
        if (d?.defaulted && !d.nullable && !column.hasDefaultValue && !column.isAutoIncrementing)
          unfilled.push(`${table.name}.${column.name}`);
      }
    }
    expect(unfilled).toEqual([]);
  });
});
