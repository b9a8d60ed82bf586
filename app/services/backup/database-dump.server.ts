/**
 * The database part of a backup: a logical dump taken through the app's own connection, the same
 * way on PGlite and PostgreSQL. Every table of the `public` schema is read as JSON rows inside
 * one read-only REPEATABLE READ transaction (one consistent snapshot while the site keeps
 * running), and loaded back with json_populate_recordset into a schema built by the archive's
 * own migrations. Tables go parents first (foreign keys), so the load needs no superuser rights.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client";

type Row = Record<string, unknown>;

/** Rows of a raw query on either driver (postgres.js answers an array, PGlite `{ rows }`). */
export async function queryRows<T extends Row = Row>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The tables of the public schema, each after the tables it references. */
export async function tablesInLoadOrder(executor: Executor): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      executor,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    )
  ).map((row) => row.name);
  const edges = await queryRows<{ child: string; parent: string }>(
    executor,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((name) => [name, new Set<string>()]));
  for (const edge of edges) parents.get(edge.child)?.add(edge.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent)));
    if (!ready.length) throw new Error("the tables' foreign keys form a cycle; the dump cannot order them");
    for (const name of ready) {
      placed.add(name);
      ordered.push(name);
    }
  }
  return ordered;
}

export interface TableFingerprint {
  name: string;
  rows: number;
  /** md5 of the table's rows as text, sorted: equal content gives an equal hash on any server. */
  hash: string;
}

/**
 * Row count and content hash of each table, read in UTC (a timestamp's text depends on the
 * session's time zone). Call inside a transaction to see one snapshot.
 */
export async function tableFingerprints(executor: Executor, tables: string[]): Promise<TableFingerprint[]> {
  await executor.execute(sql`set local timezone = 'UTC'`);
  const result: TableFingerprint[] = [];
  for (const name of tables) {
    const [row] = await queryRows<{ rows: number; hash: string }>(
      executor,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as hash from ${ident(name)} t`,
    );
    result.push({ name, rows: Number(row.rows), hash: row.hash });
  }
  return result;
}

/** Rows per record: a few hundred kilobytes of JSON for the widest tables. */
const BATCH_ROWS = 1000;

export interface DumpSink {
  rows(table: string, count: number, body: Buffer): Promise<void>;
}

/**
 * Writes every table's rows to the sink from one snapshot and returns the fingerprints of that
 * snapshot (stored in the archive's manifest and checked after a restore).
 */
export async function dumpDatabase(db: Executor, sink: DumpSink): Promise<TableFingerprint[]> {
  return db.transaction(
    async (tx) => {
      // A large table takes longer than a web request's statement limit.
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`set local timezone = 'UTC'`);
      const tables = await tablesInLoadOrder(tx);
      for (const name of tables) {
        await tx.execute(sql`declare dump_cursor no scroll cursor for select row_to_json(t)::text as j from ${ident(name)} t`);
        for (;;) {
          const batch = await queryRows<{ j: string }>(tx, sql.raw(`fetch ${BATCH_ROWS} from dump_cursor`));
          if (!batch.length) break;
          await sink.rows(name, batch.length, Buffer.from(batch.map((row) => row.j).join("\n"), "utf8"));
          if (batch.length < BATCH_ROWS) break;
        }
        await tx.execute(sql`close dump_cursor`);
      }
      return tableFingerprints(tx, tables);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Tables the migrations themselves fill with one row: a database with only those is still empty. */
const MIGRATION_FILLED = new Set(["catalogue_version", "course_settings"]);

/**
 * Tables of the public schema that hold data (a restore target must have none): any row, except
 * the single rows the migrations insert (a database made by `npm run db:migrate` is empty).
 */
export async function nonEmptyTables(db: Executor): Promise<string[]> {
  const tables = await tablesInLoadOrder(db);
  const filled: string[] = [];
  for (const name of tables) {
    if (MIGRATION_FILLED.has(name)) continue;
    const [row] = await queryRows<{ filled: boolean }>(db, sql`select exists (select 1 from ${ident(name)}) as filled`);
    if (row.filled) filled.push(name);
  }
  return filled;
}

/** Removes every table and the migration log (restore --force). */
export async function dropEverything(db: Executor): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}

export interface TableLoader {
  load(table: string, body: Buffer): Promise<number>;
  /** Identity sequences continue after the restored maximum; triggers come back on. */
  finish(): Promise<void>;
}

/**
 * Loads rows into an empty schema inside the caller's transaction. User triggers (the catalogue
 * version counter) are off while loading: the dump holds the counter's own row.
 */
export function tableLoader(tx: Executor): TableLoader {
  const touched = new Set<string>();
  return {
    async load(table, body) {
      if (!touched.has(table)) {
        touched.add(table);
        await tx.execute(sql`alter table ${ident(table)} disable trigger user`);
        // Rows a migration inserted (the catalogue counter) are replaced by the archive's.
        await tx.execute(sql`delete from ${ident(table)}`);
      }
      const json = `[${body.toString("utf8").split("\n").join(",")}]`;
      const result = await queryRows(
        tx,
        sql`insert into ${ident(table)} overriding system value
            select * from json_populate_recordset(null::${ident(table)}, ${json}::json) returning 1`,
      );
      return result.length;
    },
    async finish() {
      const identities = await queryRows<{ table_name: string; column_name: string }>(
        tx,
        sql`select table_name, column_name from information_schema.columns
            where table_schema = 'public' and is_identity = 'YES'`,
      );
      for (const { table_name, column_name } of identities) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${`"${table_name}"`}, ${column_name}), max(${ident(column_name)}))
              from ${ident(table_name)} having max(${ident(column_name)}) is not null`,
        );
      }
      for (const table of touched) await tx.execute(sql`alter table ${ident(table)} enable trigger user`);
    },
  };
}
