/**
 * Keeps keyboard focus through a button's busy time. The pane disables its buttons while work runs; a browser then
 * moves focus from the pressed button to the page body, and a keyboard or screen-reader user would have to find
 * their place again. The keeper remembers a control that lost focus by being disabled and focuses it again once it
 * is enabled, unless the person has moved focus somewhere else in the meantime.
 */

const isDisabled = (el: Element) => (el as HTMLButtonElement).disabled === true || el.getAttribute("aria-disabled") === "true";

/** A dialog open in the page (focus moving into it, or to its focus trap's guards, keeps the wait). */
const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** Starts keeping focus for the controls inside root; returns a function that stops it. */
export function keepFocusThroughDisable(root: HTMLElement): () => void {
  const doc = root.ownerDocument;
  let lost: HTMLElement | null = null;
  const forget = () => {
    lost = null;
    observer.disconnect();
  };
  const observer = new MutationObserver(() => {
    const el = lost;
    if (!el) return;
    if (!el.isConnected) return forget();
    const focusIsNowhere = doc.activeElement === null || doc.activeElement === doc.body;
    if (!isDisabled(el) && focusIsNowhere) {
      forget();
      el.focus();
    }
  });
  const onFocusOut = (event: FocusEvent) => {
    const el = event.target;
    if (event.relatedTarget === null && el instanceof HTMLElement && root.contains(el) && isDisabled(el)) {
      forget();
      lost = el;
      observer.observe(el, { attributes: true, attributeFilter: ["disabled", "aria-disabled"] });
    }
  };
  // Focus that lands anywhere (the person pressed Tab) ends the wait, except in a dialog the work itself asks in (the
  // check before a push): once it closes, focus goes back to the button when the work is done.
  const onFocusIn = (event: FocusEvent) => {
    const el = event.target;
    const inDialog = el instanceof Element && (el.closest(DIALOG) !== null || el.hasAttribute("data-tabster-dummy"));
    if (lost && (inDialog || doc.querySelector(DIALOG) !== null)) return;
    forget();
  };
  doc.addEventListener("focusout", onFocusOut, true);
  doc.addEventListener("focusin", onFocusIn, true);
  return () => {
    forget();
    doc.removeEventListener("focusout", onFocusOut, true);
    doc.removeEventListener("focusin", onFocusIn, true);
  };
}
