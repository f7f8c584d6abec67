/** docs/architecture.md shows the walls table that eslint/walls.js enforces: the two stay equal. */
import { readFileSync } from "fs";
import path from "path";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const walls = require("../../eslint/walls.js") as { wallsTable: () => string; WALLS: { from: string }[] };

const doc = readFileSync(path.resolve(__dirname, "../../docs/architecture.md"), "utf8");

test("the table in docs/architecture.md is the lint rule's", () => {
  const shown = doc.match(/<!-- walls table: [^\n]*-->\n([\s\S]*?)\n<!-- end of walls table -->/);
  expect(shown).not.toBeNull();
  expect(shown![1]).toBe(walls.wallsTable());
});

test("every place the rule knows has its row", () => {
  const rows = walls
    .wallsTable()
    .split("\n")
    .filter((line) => /^\| \w/.test(line) && !line.startsWith("| code in"));
  expect(rows.map((row) => row.split(" | ")[0].slice(2))).toEqual(walls.WALLS.map((row) => row.from));
  expect(rows.length).toBeGreaterThanOrEqual(17);
});
