/**
 * F6 and Shift+F6 move focus between the preview's regions (its header, the workbook, the task pane), as F6 moves
 * between Excel's ribbon, sheet and task pane. The sheet keeps Tab for itself (Tab moves the active cell, as in
 * Excel), so F6 is the keyboard's way out of it. Each region gets back the element that last had focus in it.
 */

export interface FocusRegion {
  element: HTMLElement;
  /** Where focus goes the first time (or when the remembered element is gone): default the first tabbable element. */
  entry?: () => HTMLElement | null;
}

const TABBABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/** The first element of root that Tab would reach: enabled, shown, not taken out of the tab order. */
export function firstTabbable(root: HTMLElement): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>(TABBABLE)) if (canTakeFocus(el) && el.tabIndex >= 0) return el;
  return null;
}

function canTakeFocus(el: HTMLElement): boolean {
  if (!el.isConnected || (el as HTMLButtonElement).disabled || el.closest("[hidden], [inert]")) return false;
  // Not rendered (display: none somewhere above) has no boxes; jsdom has no layout, so it is trusted there.
  return el.getClientRects().length > 0 || typeof navigator === "undefined" || /jsdom/.test(navigator.userAgent);
}

/** Starts F6 handling on the document; returns a function that stops it. */
export function cycleRegionsWithF6(doc: Document, regions: readonly FocusRegion[]): () => void {
  const last = new Map<HTMLElement, HTMLElement>();
  // The region focus was last in: F6 moves on from it when focus has dropped to the page (a control was disabled).
  let lastRegion = -1;
  const regionOf = (node: Node | null) => regions.findIndex((r) => node !== null && r.element.contains(node));
  const onFocusIn = (event: FocusEvent) => {
    const i = regionOf(event.target as Node);
    if (i >= 0 && event.target instanceof HTMLElement) {
      last.set(regions[i].element, event.target);
      lastRegion = i;
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "F6" || event.ctrlKey || event.altKey || event.metaKey) return;
    event.preventDefault();
    const focused = doc.activeElement;
    const from = focused === null || focused === doc.body ? lastRegion : regionOf(focused);
    const step = event.shiftKey ? -1 : 1;
    // Before any region had focus, F6 goes to the first (Shift+F6 the last); regions with nothing to focus are skipped.
    for (let n = 1; n <= regions.length; n++) {
      const i = from < 0 ? (step > 0 ? n - 1 : regions.length - n) : (from + step * n + regions.length * n) % regions.length;
      const region = regions[i];
      const remembered = last.get(region.element);
      const target =
        remembered && canTakeFocus(remembered) && region.element.contains(remembered)
          ? remembered
          : (region.entry?.() ?? firstTabbable(region.element));
      if (target) {
        target.focus();
        return;
      }
    }
  };
  doc.addEventListener("focusin", onFocusIn, true);
  doc.addEventListener("keydown", onKeyDown, true);
  return () => {
    doc.removeEventListener("focusin", onFocusIn, true);
    doc.removeEventListener("keydown", onKeyDown, true);
  };
}
