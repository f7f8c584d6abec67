/**
 * functions.json comes from functions.ts's JSDoc (custom-functions-metadata, as the webpack plugin runs it): the ids
 * Excel knows, their arguments, and the function each associate call names must be what functions.ts exports.
 */
import path from "path";
import * as functions from "../../src/functions/functions";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateCustomFunctionsMetadata } = require("custom-functions-metadata");

interface Metadata {
  allowCustomDataForDataTypeAny?: boolean;
  functions: {
    id: string;
    parameters: { name: string; optional?: boolean; description?: string }[];
    options?: { stream?: boolean };
  }[];
}

it("describes AMOUNT, LEAVE, EMPLOYEE and TRANSACTIONS with the issue's arguments, each associated with an exported function", async () => {
  const file = path.resolve(__dirname, "../../src/functions/functions.ts");
  const result = await generateCustomFunctionsMetadata([file], true);
  expect(result.errors).toEqual([]);
  const metadata = JSON.parse(result.metadataJson) as Metadata;
  const args = Object.fromEntries(
    metadata.functions.map((f) => [f.id, f.parameters.map((p) => (p.optional ? `[${p.name}]` : p.name)).join(", ")]),
  );
  expect(args).toEqual({
    AMOUNT: "account, start_date, end_date, [employee], [client_id]",
    LEAVE: "employee, leave_type, date, [client_id]",
    EMPLOYEE: "employee, field, [client_id]",
    TRANSACTIONS: "accounts, start_date, end_date, [employee], [client_id]",
  });
  // A blank client_id is the client the workbook's formulas are linked to, never the pane's current choice (issue Q).
  for (const f of metadata.functions)
    expect([f.id, f.parameters.find((p) => p.name === "client_id")?.description]).toEqual([
      f.id,
      "Client ID; blank for the client the workbook's formulas are linked to.",
    ]);
  // Streaming functions (issue L): they set new results when the connection or the cache changes (src/functions/streams.ts).
  expect(metadata.functions.map((f) => [f.id, f.options?.stream])).toEqual([
    ["AMOUNT", true],
    ["LEAVE", true],
    ["EMPLOYEE", true],
    ["TRANSACTIONS", true],
  ]);
  // The generator always lets `any` parameters receive data types (formatted numbers, entities): args.ts reads them.
  expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
  for (const a of result.associate as { id: string; functionName: string }[])
    expect(typeof (functions as Record<string, unknown>)[a.functionName]).toBe("function");
});

it("the preview's matrix parameters are functions.json's (dimensionality matrix): only TRANSACTIONS' accounts", async () => {
  const { associate, takesRange } = await import("../../src/functions/registry");
  const file = path.resolve(__dirname, "../../src/functions/functions.ts");
  const result = await generateCustomFunctionsMetadata([file], true);
  for (const a of result.associate as { id: string; functionName: string }[])
    associate(a.id, (functions as unknown as Record<string, (...args: never[]) => unknown>)[a.functionName]);
  const metadata = JSON.parse(result.metadataJson) as {
    functions: { id: string; parameters: { dimensionality?: string }[] }[];
  };
  for (const f of metadata.functions)
    f.parameters.forEach((p, i) =>
      expect([f.id, i, takesRange(`PAYROLL.${f.id}`, i)]).toEqual([f.id, i, p.dimensionality === "matrix"]),
    );
  expect(takesRange("PAYROLL.TRANSACTIONS", 0)).toBe(true);
});
