/**
 * The unit suite stays fast and steady (issue 29): no test, hook or file gives itself more than 60 s. A test that
 * needs more (thousands of employees, long waits) belongs in a benchmark script (scripts/bench-*.ts), or at a size
 * that shows the same property. The e2e suite (test/e2e, its own config) is not the unit suite; its waits are held to
 * the other side: none shorter than Playwright's 30 s default.
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

/**
 * Every timeout a file sets: jest.setTimeout(n), testTimeout: n, and the last argument of a test or hook, whether its
 * body is a block, `}, n)`, or an expression, `afterAll(() => rig.close(), n)`.
 */
function timeoutsIn(source: string): number[] {
  const found: number[] = [];
  const forms =
    /jest\.setTimeout\(\s*([\d_]+)\s*\)|testTimeout:\s*([\d_]+)|\}\s*,\s*([\d_]+)\s*\)|\b(?:it|test|beforeAll|beforeEach|afterAll|afterEach)\(\s*\(\)\s*=>\s*[^;{]*\)\s*,\s*([\d_]+)\s*\)/g;
  for (const m of source.matchAll(forms)) found.push(Number(m.slice(1).find((x) => x !== undefined)!.replace(/_/g, "")));
  return found;
}

it("finds timeouts as the suite writes them", () => {
  expect(timeoutsIn("jest.setTimeout(90_000);\nit('x', async () => {\n}, 120000);\nfoo(a, 5);")).toEqual([90_000, 120_000]);
  expect(timeoutsIn("afterAll(() => rig.close(), 61_000);\nmodule.exports = { testTimeout: 20000 };")).toEqual([61_000, 20_000]);
});

it("the unit suite's own default is within the ceiling", () => {
  const config = readFileSync(path.resolve(TEST_ROOT, "../jest.config.js"), "utf8");
  const defaults = timeoutsIn(config);
  expect(defaults).toHaveLength(1);
  expect(defaults[0]).toBeLessThanOrEqual(CEILING_MS);
});

it("has no unit test with a timeout over 60 s", () => {
  const over = testFiles(TEST_ROOT).flatMap((file) =>
    timeoutsIn(readFileSync(file, "utf8"))
      .filter((ms) => ms > CEILING_MS)
      .map((ms) => `${path.relative(TEST_ROOT, file)}: ${ms} ms`),
  );
  expect(over).toEqual([]);
});

/**
 * The e2e suite's waits are for states (issue 29, Deliver 3): no Playwright wait given less than its 30 s default,
 * which load broke at 3-10 s. A brief read inside a poll that retries it (`.catch(...)` on the same line) is not a wait.
 */
it("has no e2e wait with a timeout under 30 s", () => {
  const dir = path.join(TEST_ROOT, "e2e");
  const short = readdirSync(dir)
    .filter((name) => name.endsWith(".ts"))
    .flatMap((name) =>
      readFileSync(path.join(dir, name), "utf8")
        .split("\n")
        .flatMap((line, i) =>
          [...line.matchAll(/\btimeout:\s*([\d_]+)/g)]
            .map((m) => Number(m[1].replace(/_/g, "")))
            .filter((ms) => ms > 0 && ms < 30_000 && !/\.catch\(/.test(line))
            .map((ms) => `${name}:${i + 1}: ${ms} ms`),
        ),
    );
  expect(short).toEqual([]);
});
