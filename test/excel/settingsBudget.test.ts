/**
 * Document settings within a total budget (issue 26, risky 6): Excel keeps about 2 MB of an add-in's settings and
 * some builds refuse saves near 1 MB (office-js #621, #3957), while per-sheet keys were never pruned. The preview is
 * set to refuse past 1.1 MB, as those builds do. Each test fails against the layer before (no budget, no pruning).
 */
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { MAX_SETTINGS_BYTES, settingBytes, sheetOfSetting } from "../../src/excel/settings";
import { installPreviewExcel, WorkbookModel, type PreviewWorkbookOptions } from "../../src/emulator";
import { metaSettingKey } from "../../src/features/inputSheets/model/inputSheetModel";
import { savedReportSettingKey } from "../../src/features/reports/model/saved";
import { sheetSettings } from "../../src/app/sheetSettings";

let wb: WorkbookModel;
let port: WorkbookPort;
function setup(model: PreviewWorkbookOptions = {}) {
  wb = installPreviewExcel(globalThis, new WorkbookModel(model));
  // As the shell creates it: with the kinds of per-sheet settings the features declare (src/app/sheetSettings.ts).
  port = createOfficeWorkbook({ sheetSettings });
}

/** An input sheet's metadata of about `bytes` bytes (many input columns). */
function meta(sheet: string, bytes: number) {
  const column = (i: number) => ({ key: `calc.input_${i}.amount`, header: `Input number ${i} for ${sheet}`, type: "currency" });
  const inputs = Array.from({ length: Math.ceil(bytes / 80) }, (_, i) => column(i));
  return {
    version: 1,
    clientId: 7,
    clientName: "Liffey Bakeries",
    waveId: 3,
    waveName: "Monthly",
    payslipDate: "2025-01-31",
    tableName: sheet.replace(/\W/g, ""),
    snapshotSheet: `${sheet} snapshot`,
    inputs,
    builtAt: "2025-01-15T09:05:00.000Z",
  };
}
/** A report sheet's saved parameters, as the Reports panel saves them. */
function report(sheet: string) {
  return {
    version: 1,
    reportId: "variance",
    mode: "sync",
    sheetName: sheet,
    tableName: "Variance",
    title: "Variance",
    requests: [{ clientId: 7, clientName: "Liffey Bakeries", body: {} }],
    columnLabels: {},
    customFields: [],
    clientColumn: false,
  };
}
const total = () => [...wb.settings].reduce((n, [k, v]) => n + settingBytes(k, v), 0);

test("keys of deleted sheets are dropped to make room; the rest stay", async () => {
  setup({ settingsLimitBytes: 1_100_000 });
  wb.addSheet("Pay");
  for (let i = 1; i <= 20; i++) wb.settings.set(metaSettingKey(`Old ${i}`), meta(`Old ${i}`, 50_000));
  wb.settings.set(metaSettingKey("Pay"), meta("Pay", 50_000));
  wb.settings.set("reports.sheets", ["Gone report"]);
  wb.settings.set(savedReportSettingKey("Gone report"), report("Gone report"));
  expect(total()).toBeGreaterThan(1_000_000);
  const check = { rule: "x".repeat(60_000) };
  await port.setSetting("payroll.pushCheck", check);
  expect(await port.getSetting("payroll.pushCheck")).toEqual(check);
  expect([...wb.settings.keys()].sort()).toEqual([metaSettingKey("Pay"), "payroll.pushCheck", "reports.sheets"]);
  expect(total()).toBeLessThanOrEqual(MAX_SETTINGS_BYTES);
  // The sizes are known now: the next save within the budget is one request, as before the budget.
  const syncs = wb.syncLog.length;
  await port.setSetting("payroll.clientId", 7);
  expect(wb.syncLog.length - syncs).toBe(1);
});

test("over the budget with nothing to drop: refused in words before Excel would, nothing changed", async () => {
  setup();
  for (let i = 1; i <= 20; i++) {
    wb.addSheet(`Inputs ${i}`);
    wb.settings.set(metaSettingKey(`Inputs ${i}`), meta(`Inputs ${i}`, 50_000));
  }
  const before = new Map(wb.settings);
  const error = await port
    .setSetting("payroll.pushCheck", { rule: "x".repeat(60_000) })
    .catch((e: Error & { code?: string }) => e);
  expect(error).toMatchObject({ code: "InvalidArgument" });
  expect((error as Error).message).toMatch(/Nothing was saved\. Delete input or report sheets you no longer need/);
  expect(new Map(wb.settings)).toEqual(before);
});

test("only a sheet's own keys belong to it: lists under the same prefix, other keys and foreign values never", () => {
  const of = (key: string, value: unknown) => sheetOfSetting(sheetSettings, key, value);
  expect(of(metaSettingKey("Pay"), meta("Pay", 100))).toBe("Pay");
  expect(of(metaSettingKey("Pay"), { note: "not metadata" })).toBeNull();
  expect(of("reports.sheets", ["Variance"])).toBeNull();
  expect(of("payroll.clientId", 7)).toBeNull();
  expect(of(savedReportSettingKey("Variance"), report("Variance"))).toBe("Variance");
  expect(of(savedReportSettingKey("Variance"), report("Other"))).toBeNull();
  // The excel layer knows no feature: handed no kinds, it takes no setting for a sheet's.
  expect(sheetOfSetting([], metaSettingKey("Pay"), meta("Pay", 100))).toBeNull();
});
