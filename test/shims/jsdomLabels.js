/**
 * jsdom's `labels` and `label.control`, without their quadratic walk (README "Tests"). jsdom finds an input's labels by
 * walking the whole document and asking every node for its `control`, which for a label with `for` walks the whole
 * document again to find the id. Testing Library and dom-accessibility-api read `labels` for every form control each
 * time a query computes names, so a pane with its eight panels mounted spent more time there than anywhere else (about
 * an eighth of panelRequests.test.tsx's CPU). Same answers, by the HTML standard's definitions: a label's control is
 * the element its `for` names (the first with that id, when labelable), else its first labelable descendant; an
 * element's labels are the labels whose control it is, in tree order. A jest setupFile: it does nothing outside jsdom.
 */
/* global window */
if (typeof window !== "undefined" && window.HTMLLabelElement) {
  const LABELABLE = "button, meter, output, progress, select, textarea, input:not([type='hidden' i])";
  const isLabelable = (element) => element.matches(LABELABLE);

  /** The first element with this id in the label's tree (a document indexes ids; other roots are searched). */
  const byId = (root, id) =>
    typeof root.getElementById === "function"
      ? root.getElementById(id)
      : root.querySelector(`[id="${id.replace(/["\\]/g, "\\$&")}"]`);

  function control(label) {
    const target = label.getAttribute("for");
    if (target === null) return label.querySelector(LABELABLE);
    if (target === "") return null;
    const element = byId(label.getRootNode(), target);
    return element && isLabelable(element) ? element : null;
  }

  Object.defineProperty(window.HTMLLabelElement.prototype, "control", {
    configurable: true,
    enumerable: true,
    get() {
      return control(this);
    },
  });

  const labelableClasses = ["HTMLButtonElement", "HTMLInputElement", "HTMLMeterElement", "HTMLOutputElement"]
    .concat(["HTMLProgressElement", "HTMLSelectElement", "HTMLTextAreaElement"])
    .map((name) => window[name])
    .filter(Boolean);
  for (const Class of labelableClasses) {
    const original = Object.getOwnPropertyDescriptor(Class.prototype, "labels");
    if (!original) continue;
    Object.defineProperty(Class.prototype, "labels", {
      configurable: true,
      enumerable: original.enumerable,
      get() {
        if (!isLabelable(this)) return null; // e.g. an input of type hidden
        const root = this.getRootNode();
        const candidates = root.querySelectorAll ? root.querySelectorAll("label") : [];
        // An array in tree order: what Testing Library and dom-accessibility-api read (length, index, Array.from).
        return Array.prototype.filter.call(candidates, (label) => control(label) === this);
      },
    });
  }
}
