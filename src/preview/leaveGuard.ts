/**
 * The preview's workbook lives only in its tab: leaving the page loses it. So, as a document does, the page asks
 * before it is left (closed, reloaded, navigated) while the workbook holds anything, and lets an empty one go without
 * a question; and no sideways wheel or swipe turns into the browser's back or forward.
 */
import type { WorkbookModel } from "../emulator/model";

/** True when the workbook holds something a person would lose: a value, formula, format or table, or another sheet. */
export function workbookHoldsAnything(workbook: WorkbookModel): boolean {
  return workbook.sheets.length > 1 || workbook.sheets.some((sheet) => sheet.usedRect() !== null);
}

/** Asks before the page is left while the workbook holds anything (the browser shows its own question). */
export function askBeforeLeaving(target: Window, workbook: WorkbookModel): void {
  target.addEventListener("beforeunload", (event) => {
    if (!workbookHoldsAnything(workbook)) return;
    event.preventDefault();
    // Older Chromium (and WebView2) asks only when returnValue is set.
    event.returnValue = "";
  });
}

/** How far an element can still scroll along an axis in a direction (pixels; 0 when it cannot). */
function room(el: Element, axis: "x" | "y", delta: number): number {
  const style = getComputedStyle(el);
  const overflow = axis === "x" ? style.overflowX : style.overflowY;
  const isRoot = el === el.ownerDocument.scrollingElement;
  if (!isRoot && overflow !== "auto" && overflow !== "scroll") return 0;
  const [pos, size, view] =
    axis === "x" ? [el.scrollLeft, el.scrollWidth, el.clientWidth] : [el.scrollTop, el.scrollHeight, el.clientHeight];
  return delta < 0 ? pos : size - view - pos;
}

/** Scrolls the nearest element that can move along the axis, from the target outwards. */
function scrollNearest(from: Element | null, axis: "x" | "y", delta: number): void {
  if (delta === 0) return;
  for (let el = from; el; el = el.parentElement) {
    if (room(el, axis, delta) < 1) continue;
    if (axis === "x") el.scrollLeft += delta;
    else el.scrollTop += delta;
    return;
  }
}

/**
 * Chromium turns a sideways wheel or swipe that nothing scrolls (at a scroller's edge, or over the pane) into back or
 * forward navigation, whatever the page's overscroll-behavior (issue 29: the grid's "scroll back to column A" left the
 * preview for about:blank). So the page scrolls sideways wheels itself: the nearest element that can move takes the
 * delta, and the browser never sees one left over. Pinch and Ctrl+wheel (zoom) are left alone.
 */
export function keepSidewaysWheelsInPage(target: Window): void {
  target.addEventListener(
    "wheel",
    (event) => {
      if (event.deltaX === 0 || event.ctrlKey) return;
      event.preventDefault();
      const unit =
        event.deltaMode === WheelEvent.DOM_DELTA_LINE
          ? 16
          : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
            ? target.innerWidth
            : 1;
      const from = event.target instanceof Element ? event.target : null;
      // Shift+wheel is sideways already: the browser reports it in deltaX.
      scrollNearest(from, "x", event.deltaX * unit);
      scrollNearest(from, "y", event.deltaY * unit);
    },
    { passive: false },
  );
}
