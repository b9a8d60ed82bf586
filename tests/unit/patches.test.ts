/**
 * The dependency patches (patches/*.patch, applied by patch-package from `postinstall`) are all
 * applied here, and an install whose patched package differs from the patch fails instead of
 * installing an unpatched package: a scratch project with this repository's `postinstall` and
 * the postgres patch installs a packed copy of postgres.js, at the patch's version (passes and is
 * patched), at another version (fails: version mismatch) and at the same version with changed
 * code (fails: the patch does not apply). scripts/check-patches.mjs, which `npm start` and
 * `npm run build` run, tells a skipped patch (`npm ci --ignore-scripts`) from an applied one.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingPatches } from "../../scripts/check-patches.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: { postinstall: string };
  dependencies: Record<string, string>;
};
const PATCH = "postgres+3.4.9.patch";

let scratch: string;
/** postgres.js 3.4.9 as published: the installed copy with the patch taken out again. */
let pristine: string;

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "academy-patches-"));
  const unpatched = path.join(scratch, "unpatched");
  fs.cpSync(path.join(root, "node_modules", "postgres"), path.join(unpatched, "node_modules", "postgres"), { recursive: true });
  const reversed = run("git", ["apply", "-R", path.join(root, "patches", PATCH)], unpatched);
  expect(reversed.status, reversed.output).toBe(0);
  pristine = path.join(unpatched, "node_modules", "postgres");
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Installs a packed postgres.js (version, optional code change) into a new project using our postinstall. */
function install(name: string, version: string, change?: (code: string) => string) {
  const source = path.join(scratch, `${name}-source`);
  fs.cpSync(pristine, source, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(source, "package.json"), "utf8"));
  fs.writeFileSync(path.join(source, "package.json"), JSON.stringify({ ...manifest, version, scripts: {} }));
  if (change) {
    const file = path.join(source, "cjs", "src", "connection.js");
    fs.writeFileSync(file, change(fs.readFileSync(file, "utf8")));
  }
  const packed = run("npm", ["pack", "--pack-destination", scratch, "--silent", source], scratch);
  expect(packed.status, packed.output).toBe(0);
  const project = path.join(scratch, name);
  fs.mkdirSync(path.join(project, "patches"), { recursive: true });
  fs.copyFileSync(path.join(root, "patches", PATCH), path.join(project, "patches", PATCH));
  fs.writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({
      name: `patch-check-${name}`,
      private: true,
      version: "1.0.0",
      scripts: { postinstall: pkg.scripts.postinstall },
      dependencies: { postgres: `file:../${packed.output.trim().split("\n")[0]}` },
    }),
  );
  const result = run("npm", ["install", "--offline", "--no-package-lock"], project);
  return { ...result, project };
}

describe("dependency patches", () => {
  it("are applied to this installation, to the copies the app loads", () => {
    expect(missingPatches()).toEqual([]);
  });

  it("the patched packages are pinned to the patches' versions", () => {
    expect(pkg.dependencies.postgres).toBe("3.4.9");
    const patches = fs.readdirSync(path.join(root, "patches"));
    expect(patches.sort()).toEqual(["@remix-run+router+1.23.3.patch", "@remix-run+server-runtime+2.17.5.patch", "postgres+3.4.9.patch"]);
    expect(pkg.scripts.postinstall).toBe("patch-package --error-on-fail --error-on-warn");
  });

  it("an install of the patch's version succeeds and patches the driver", () => {
    const result = install("same", "3.4.9");
    expect(result.status, result.output).toBe(0);
    const code = fs.readFileSync(path.join(result.project, "node_modules", "postgres", "src", "connection.js"), "utf8");
    expect(code).toContain("academy: a dead socket's queries fail");
    expect(missingPatches(result.project)).toEqual([]);
  }, 60_000);

  it("an install of another version fails, even when the patch would apply", () => {
    const result = install("newer", "3.4.10");
    expect(result.status, result.output).not.toBe(0);
    expect(result.output).toContain("patch file version mismatch");
    expect(missingPatches(result.project)).toEqual(["postgres: 3.4.10 installed, patches/postgres+3.4.9.patch is for 3.4.9"]);
  }, 60_000);

  it("an install whose code no longer matches the patch fails and changes nothing", () => {
    const result = install("changed", "3.4.9", (code) => code.replace("  function nextWrite(fn) {\n", "  function nextWrite(fn) { // changed upstream\n"));
    expect(result.status, result.output).not.toBe(0);
    expect(result.output).toMatch(/Failed to apply patch/i);
    // All or nothing: the files the patch could have changed are untouched.
    const esm = fs.readFileSync(path.join(result.project, "node_modules", "postgres", "src", "connection.js"), "utf8");
    expect(esm).not.toContain("academy:");
  }, 60_000);

  it("a skipped install script (npm ci --ignore-scripts) is found before the site starts", () => {
    const project = path.join(scratch, "ignored");
    fs.mkdirSync(path.join(project, "patches"), { recursive: true });
    fs.copyFileSync(path.join(root, "patches", PATCH), path.join(project, "patches", PATCH));
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "ignored", dependencies: { postgres: "3.4.9" } }));
    fs.cpSync(pristine, path.join(project, "node_modules", "postgres"), { recursive: true });
    expect(missingPatches(project)).toEqual([
      "postgres: patches/postgres+3.4.9.patch is not applied to node_modules/postgres/cf/src/connection.js (npm ci --ignore-scripts? run npx patch-package)",
      "postgres: patches/postgres+3.4.9.patch is not applied to node_modules/postgres/cjs/src/connection.js (npm ci --ignore-scripts? run npx patch-package)",
      "postgres: patches/postgres+3.4.9.patch is not applied to node_modules/postgres/src/connection.js (npm ci --ignore-scripts? run npx patch-package)",
    ]);
  });
});
