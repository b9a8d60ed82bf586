/**
 * Finds the catches in route modules that could turn a database outage into a 500 (issue 26):
 * every `catch` clause and `.catch(…)` call must either ask `isDatabaseUnavailable` /
 * `rethrowIfUnavailable`, end by rethrowing what it caught, or carry an `// outage-safe: <why>`
 * comment on the line above saying why no database error can reach it.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface CatchFinding {
  file: string;
  line: number;
  text: string;
}

const ASKS = /\b(isDatabaseUnavailable|rethrowIfUnavailable)\(/;
const MARKER = /\/\/\s*outage-safe:\s*\S/;

function marked(source: ts.SourceFile, node: ts.Node): boolean {
  const lines = source.text.split("\n");
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  return MARKER.test(lines[line] ?? "") || MARKER.test(lines[line - 1] ?? "");
}

function rethrowsAtEnd(clause: ts.CatchClause): boolean {
  const name = clause.variableDeclaration?.name;
  const last = clause.block.statements.at(-1);
  return Boolean(
    name && ts.isIdentifier(name) && last && ts.isThrowStatement(last) && last.expression && ts.isIdentifier(last.expression) && last.expression.text === name.text,
  );
}

export function findUnsafeCatches(file: string, text: string): CatchFinding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: CatchFinding[] = [];
  const report = (node: ts.Node) =>
    findings.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: node.getText(source).split("\n")[0].slice(0, 120),
    });
  const visit = (node: ts.Node) => {
    if (ts.isCatchClause(node)) {
      const clauseOk = ASKS.test(node.block.getText(source)) || rethrowsAtEnd(node) || marked(source, node);
      if (!clauseOk) report(node);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "catch") {
      const callOk = node.arguments.some((argument) => ASKS.test(argument.getText(source))) || marked(source, node.expression.name);
      if (!callOk) report(node.expression.name);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Every route module (app/routes and its shared helpers). */
export function routeModules(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(root, "app", "routes"));
  return out.sort();
}
