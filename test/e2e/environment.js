/**
 * The e2e files' test environment: jest's node environment, plus one headless Chromium per worker that every file the
 * worker runs shares. startStack() (harness.ts) opens a browser context of its own in it for each stack: new storage,
 * cookies and cache, as fresh as the browser profile each stack used to launch. Launching and closing Chromium for
 * each of the ~30 files cost about 1.5 s of wall and 0.35 s of CPU each (issue 29, Deliver 4).
 *
 * This module is loaded once per worker (outside the files' module registries), so the browser outlives each file; a
 * browser that died is launched again. Its pipe would keep the process from exiting, so it is closed when the files
 * are done: in a worker, at jest-worker's "end" message (the worker must then exit by itself within 500 ms, or jest
 * force-exits it and says tests leaked); when jest runs the files in its own process (one file, --runInBand), by
 * globalTeardown.ts.
 */
const { TestEnvironment } = require("jest-environment-node");
const { chromium } = require("playwright-core");

/** @type {Promise<import("playwright-core").Browser> | undefined} */
let launched;

/** This worker's browser, launched at the first call with the options given then. */
async function workerBrowser(options) {
  const browser = launched && (await launched.catch(() => undefined));
  if (browser?.isConnected()) return browser;
  launched = chromium.launch(options);
  return launched;
}

class E2eEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    // Read by harness.ts; a file run without this environment launches a browser per stack instead.
    this.global.__payrollWorkerBrowser = workerBrowser;
  }
}

/** Closes this process's browser, if it launched one. */
async function closeWorkerBrowser() {
  const browser = launched && (await launched.catch(() => undefined));
  launched = undefined;
  await browser?.close();
}

// In jest-worker's child process, its parent sends [CHILD_MESSAGE_END (2), …] once no file is left for it.
if (/jest-worker[\\/]build[\\/]processChild\.js$/.test(require.main?.filename ?? "")) {
  const onEnd = (message) => {
    if (!Array.isArray(message) || message[0] !== 2) return;
    process.off("message", onEnd);
    void closeWorkerBrowser().catch(() => undefined);
    // jest force-exits a worker still alive 500 ms after "end" (and reports leaked tests): past 250 ms, under load,
    // exit instead; playwright-core's exit hook then stops the browser and removes its temporary profile.
    setTimeout(() => process.exit(0), 250).unref();
  };
  process.on("message", onEnd);
}

module.exports = E2eEnvironment;
module.exports.closeWorkerBrowser = closeWorkerBrowser;
