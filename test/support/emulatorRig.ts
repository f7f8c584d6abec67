/**
 * The emulator tests' shared set-up: each test gets a fresh in-browser workbook (`wb`) and its Excel namespace (`X`),
 * made by `setup` in a `beforeEach` of the test file; `run` is `Excel.run` on it, and `codeOf` an error's code.
 * `wb` and `X` are live bindings: read them inside tests, after `setup` ran.
 */
import { createPreviewExcel, createPreviewWorkbook, type PreviewExcelNamespace, type WorkbookModel } from "../../src/emulator";

export let wb: WorkbookModel;
export let X: PreviewExcelNamespace;

export function setup(options: Parameters<typeof createPreviewWorkbook>[0] = {}): void {
  wb = createPreviewWorkbook(options);
  X = createPreviewExcel(wb);
}

export const run = <T>(fn: (ctx: Excel.RequestContext) => Promise<T>) => X.run(fn as never) as Promise<T>;

/** The code of the error `p` rejects with, or `ifNone` when it resolves. */
export async function codeOf(p: Promise<unknown>, ifNone?: string): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return ifNone;
}

/** The error code each attempt gets when queued alone in its own Excel.run and synced (undefined where it passes). */
export async function codesOf(attempts: readonly ((ctx: Excel.RequestContext) => unknown)[]): Promise<(string | undefined)[]> {
  const codes: (string | undefined)[] = [];
  for (const attempt of attempts)
    codes.push(
      await codeOf(
        run(async (ctx) => {
          attempt(ctx);
          await ctx.sync();
        }),
      ),
    );
  return codes;
}
