/** @jest-environment jsdom */
import { keepFocusThroughDisable } from "../../src/app/focusKeeper";

/**
 * What a browser does when a focused button is disabled: focusout with no relatedTarget, focus to the body.
 * jsdom does neither (and will not blur a disabled element), so the blur happens just before the disable.
 */
function disableFocused(button: HTMLButtonElement) {
  button.disabled = true;
  button.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: null }));
  button.disabled = false;
  button.blur();
  button.disabled = true;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("keepFocusThroughDisable", () => {
  let root: HTMLElement;
  let button: HTMLButtonElement;
  let other: HTMLButtonElement;
  let stop: () => void;
  beforeEach(() => {
    document.body.innerHTML =
      '<main><button id="run">Run</button><button id="other">Other</button></main><button id="outside">Out</button>';
    root = document.querySelector("main")!;
    button = document.getElementById("run") as HTMLButtonElement;
    other = document.getElementById("other") as HTMLButtonElement;
    stop = keepFocusThroughDisable(root);
  });
  afterEach(() => stop());

  it("focuses the button again when it is enabled after its busy time", async () => {
    button.focus();
    disableFocused(button);
    expect(document.activeElement).toBe(document.body);
    await flush();
    button.disabled = false;
    await flush();
    expect(document.activeElement).toBe(button);
  });

  it("also follows aria-disabled (Fluent's disabledFocusable)", async () => {
    button.focus();
    button.setAttribute("aria-disabled", "true");
    button.blur();
    button.setAttribute("aria-disabled", "false");
    await flush();
    expect(document.activeElement).toBe(button);
  });

  it("waits through a dialog the work asks in (the check before a push), then focuses the button again", async () => {
    button.focus();
    disableFocused(button);
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "alertdialog");
    dialog.innerHTML = "<button>Send</button>";
    document.body.appendChild(dialog);
    dialog.querySelector("button")!.focus();
    dialog.remove(); // Send pressed: the dialog closes, focus falls to the body
    expect(document.activeElement).toBe(document.body);
    button.disabled = false;
    await flush();
    expect(document.activeElement).toBe(button);
  });

  it("leaves focus where the person moved it meanwhile", async () => {
    button.focus();
    disableFocused(button);
    other.focus();
    button.disabled = false;
    await flush();
    expect(document.activeElement).toBe(other);
  });

  it("ignores a control that merely lost focus, one outside the root, and stops when asked", async () => {
    button.focus();
    button.blur(); // not disabled: an ordinary blur
    button.disabled = true;
    button.disabled = false;
    await flush();
    expect(document.activeElement).toBe(document.body);

    const outside = document.getElementById("outside") as HTMLButtonElement;
    outside.focus();
    disableFocused(outside);
    outside.disabled = false;
    await flush();
    expect(document.activeElement).toBe(document.body);

    stop();
    button.focus();
    disableFocused(button);
    button.disabled = false;
    await flush();
    expect(document.activeElement).toBe(document.body);
  });

  it("forgets a button removed from the page", async () => {
    button.focus();
    disableFocused(button);
    button.remove();
    button.disabled = false;
    await flush();
    expect(document.activeElement).toBe(document.body);
  });
});
