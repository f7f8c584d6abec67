/** @jest-environment jsdom */
import { cycleRegionsWithF6, firstTabbable } from "../../src/preview/regions";

const press = (key: string, shiftKey = false) =>
  document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true }));
const focused = () => document.activeElement?.id ?? "";

describe("F6 between the preview's regions", () => {
  let stop: () => void;
  beforeEach(() => {
    document.body.innerHTML = `
      <header id="header"><select id="theme"></select></header>
      <section id="grid"><input id="name-box" readonly><div id="sheet" role="grid" tabindex="0"></div></section>
      <aside id="pane">
        <button id="hidden-one" hidden>Hidden</button>
        <button id="off" disabled>Off</button>
        <input id="key"><button id="connect">Connect</button>
      </aside>`;
    const el = (id: string) => document.getElementById(id)!;
    stop = cycleRegionsWithF6(document, [
      { element: el("header") },
      { element: el("grid"), entry: () => el("sheet") },
      { element: el("pane") },
    ]);
  });
  afterEach(() => stop());

  it("goes from the page to the first region, then round them, and back with Shift+F6", () => {
    document.body.focus();
    press("F6");
    expect(focused()).toBe("theme");
    press("F6");
    expect(focused()).toBe("sheet"); // the region's entry, not its first tabbable (the name box)
    press("F6");
    expect(focused()).toBe("key"); // hidden and disabled buttons skipped
    press("F6");
    expect(focused()).toBe("theme");
    press("F6", true);
    expect(focused()).toBe("key");
    press("F6", true);
    expect(focused()).toBe("sheet");
  });

  it("gives each region back the element that last had focus there", () => {
    document.getElementById("connect")!.focus();
    press("F6"); // pane → header
    press("F6"); // header → grid
    expect(focused()).toBe("sheet");
    press("F6");
    expect(focused()).toBe("connect");
  });

  it("moves on from the region focus was last in when focus has dropped to the page", () => {
    const connect = document.getElementById("connect") as HTMLButtonElement;
    connect.focus();
    connect.blur(); // as when a focused button is disabled
    expect(document.activeElement).toBe(document.body);
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "F6", shiftKey: true, bubbles: true, cancelable: true }));
    expect(focused()).toBe("sheet");
  });

  it("skips a region with nothing to focus, and leaves other keys alone", () => {
    document.getElementById("theme")!.remove();
    document.getElementById("sheet")!.focus();
    press("F6", true);
    expect(focused()).toBe("key");
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(tab);
    expect([focused(), tab.defaultPrevented]).toEqual(["key", false]);
  });

  it("firstTabbable passes over what Tab would pass over", () => {
    document.body.innerHTML =
      '<div id="r"><span tabindex="-1">x</span><button disabled>a</button><a href="#" id="link">b</a></div>';
    expect(firstTabbable(document.getElementById("r")!)?.id).toBe("link");
  });
});
