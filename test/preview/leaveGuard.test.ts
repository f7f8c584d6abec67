/** @jest-environment jsdom */
import { createPreviewWorkbook } from "../../src/emulator";
import { askBeforeLeaving, keepSidewaysWheelsInPage, workbookHoldsAnything } from "../../src/preview/leaveGuard";

/** Fires beforeunload as the browser does; true when the page asked to stay (the browser then asks the person). */
const leaving = () => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("the preview asks before it is left while its workbook holds anything", () => {
  it("lets an empty workbook go, and asks once a cell, a format or another sheet is there", () => {
    const workbook = createPreviewWorkbook();
    askBeforeLeaving(window, workbook);
    expect([workbookHoldsAnything(workbook), leaving()]).toEqual([false, false]);

    workbook.activeSheet.cellForWrite(3, 2).v = 4321;
    expect([workbookHoldsAnything(workbook), leaving()]).toEqual([true, true]);

    workbook.activeSheet.cellForWrite(3, 2).v = null;
    workbook.activeSheet.cellForWrite(0, 0).fill = "#FFFF00";
    expect(workbookHoldsAnything(workbook)).toBe(true);
    workbook.activeSheet.cellForWrite(0, 0).fill = undefined;
    expect(workbookHoldsAnything(workbook)).toBe(false);

    workbook.addSheet("Push log");
    expect(workbookHoldsAnything(workbook)).toBe(true);
  });
});

describe("sideways wheels are scrolled by the page, never left to the browser", () => {
  it("takes every sideways wheel (so none becomes back/forward) and leaves vertical ones and Ctrl+wheel alone", () => {
    keepSidewaysWheelsInPage(window);
    const wheel = (init: WheelEventInit) => {
      const event = new WheelEvent("wheel", { ...init, cancelable: true, bubbles: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(wheel({ deltaX: -500 })).toBe(true);
    expect(wheel({ deltaX: 40, deltaY: 10 })).toBe(true);
    expect(wheel({ deltaY: 100 })).toBe(false);
    expect(wheel({ deltaX: -500, ctrlKey: true })).toBe(false);
  });
});
