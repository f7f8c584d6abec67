/**
 * The unit suite stays fast and steady (issue 29): no test, hook or file gives itself more than 60 s. A test that
 * needs more (thousands of employees, long waits) belongs in a benchmark script (scripts/bench-*.ts), or at a size
 * that shows the same property. The e2e suite (test/e2e, its own config) is not the unit suite.
 */
import { readdirSync, readFileSync } from "fs";
import path from "path";

const TEST_ROOT = path.resolve(__dirname, "..");
const CEILING_MS = 60_000;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "e2e" ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) && full !== __filename ? [full] : [];
  });
}

/** Every timeout a file sets: jest.setTimeout(n), and the last argument of it/test/describe hooks: `}, n)`. */
function timeoutsIn(source: string): number[] {
  const found: number[] = [];
  for (const m of source.matchAll(/jest\.setTimeout\(\s*([\d_]+)\s*\)|\}\s*,\s*([\d_]+)\s*\)/g))
    found.push(Number((m[1] ?? m[2]).replace(/_/g, "")));
  return found;
}

it("finds timeouts as the suite writes them", () => {
  expect(timeoutsIn("jest.setTimeout(90_000);\nit('x', async () => {\n}, 120000);\nfoo(a, 5);")).toEqual([90_000, 120_000]);
});

it("has no unit test with a timeout over 60 s", () => {
  const over = testFiles(TEST_ROOT).flatMap((file) =>
    timeoutsIn(readFileSync(file, "utf8"))
      .filter((ms) => ms > CEILING_MS)
      .map((ms) => `${path.relative(TEST_ROOT, file)}: ${ms} ms`),
  );
  expect(over).toEqual([]);
});
