/**
 * Fluent UI's CSS in jsdom: only the rules that can change what is visible (README "Tests"). Griffel (Fluent's CSS in
 * JS) inserts thousands of one-class rules into <style data-make-styles-bucket> sheets, and jsdom's getComputedStyle
 * matches every rule against the element and its ancestors. Testing Library and dom-accessibility-api call it for
 * every node a role or name query visits, to tell what is hidden: about a quarter of a pane test's CPU went there.
 * They read only `display` and `visibility` (the tests read inline styles, never computed ones), so griffel's rules
 * that set neither (nor `all`) are left out; those that do are kept, in order, so the cascade of those two
 * properties, and so what counts as hidden, is what the full sheets give. Other style sheets are untouched.
 * A jest setupFile: it does nothing outside jsdom.
 */
/* global window */
if (typeof window !== "undefined" && window.CSSStyleSheet && window.HTMLStyleElement) {
  // jsdom's sheets do not know their <style> (no ownerNode): griffel's are marked when it reads styleElement.sheet.
  const griffelSheets = new WeakSet();
  const sheet = Object.getOwnPropertyDescriptor(window.HTMLStyleElement.prototype, "sheet");
  Object.defineProperty(window.HTMLStyleElement.prototype, "sheet", {
    ...sheet,
    get() {
      const value = sheet.get.call(this);
      if (value && this.hasAttribute("data-make-styles-bucket")) griffelSheets.add(value);
      return value;
    },
  });
  const insertRule = window.CSSStyleSheet.prototype.insertRule;
  const AFFECTS_VISIBILITY = /display|visibility|(^|[{;\s])all\s*:/i;
  window.CSSStyleSheet.prototype.insertRule = function (rule, index) {
    if (griffelSheets.has(this) && !AFFECTS_VISIBILITY.test(String(rule))) return Math.min(index ?? 0, this.cssRules.length); // the index it would have had: griffel only appends
    return insertRule.apply(this, arguments);
  };
}
