/** The shell's connection reducer: pure transitions, including ignoring answers of replaced connect attempts. */
import {
  MAX_NOTICES,
  connectionReducer,
  initialConnectionState,
  unreachableClientId,
  type ConnectionAction,
  type ConnectionState,
} from "../../src/app/connectionState";
import type { Connection } from "../../src/app/connection";
import { CLIENTS } from "../support/fakes";

const STORED = { storedKey: null, remembered: false, customServiceUrl: null };
const connection = { baseUrl: "https://localhost:3000", clients: CLIENTS } as unknown as Connection;
const run = (actions: ConnectionAction[], from = initialConnectionState(STORED)): ConnectionState =>
  actions.reduce(connectionReducer, from);
const connected = (attempt: number): ConnectionAction => ({
  type: "connected",
  attempt,
  connection,
  stored: { storedKey: "k", remembered: true, customServiceUrl: null },
});

describe("connectionReducer", () => {
  it("connects, keeps the stored key's state, and folds the connection section once a client is picked", () => {
    const state = run([
      { type: "connectStarted" },
      connected(1),
      { type: "workbookClientRead", attempt: 1, workbookClientId: 2, clientId: 2 },
    ]);
    expect(state).toMatchObject({ connection, connecting: false, storedKey: "k", remembered: true, clientId: 2 });
    expect(state.openSections).toEqual([]);
  });

  it("leaves the section open when the workbook's client cannot be reached, and says which it is", () => {
    const state = run([
      { type: "connectStarted" },
      connected(1),
      { type: "workbookClientRead", attempt: 1, workbookClientId: 99, clientId: null },
    ]);
    expect(state.openSections).toEqual(["connection"]);
    expect(unreachableClientId(state)).toBe(99);
    expect(unreachableClientId(run([{ type: "workbookRemembered", clientId: 1 }], state))).toBeNull();
  });

  it("a failed connect changes nothing but the error; a replaced attempt's answers are ignored", () => {
    const first = run([{ type: "connectStarted" }, connected(1)]);
    const failed = run([{ type: "connectStarted" }, { type: "connectFailed", attempt: 2, error: "Wrong key" }], first);
    expect(failed).toMatchObject({ connection, storedKey: "k", connecting: false, error: "Wrong key" });
    // Attempt 3 starts, then attempt 2's late answer arrives: ignored.
    const late = run([{ type: "connectStarted" }, connected(2), { type: "connectFailed", attempt: 2, error: "x" }], failed);
    expect(late).toMatchObject({ connecting: true, error: null, attempt: 3 });
  });

  it("a new connection drops the previous one's client until its own workbook read picks one", () => {
    const first = run([
      { type: "connectStarted" },
      connected(1),
      { type: "workbookClientRead", attempt: 1, workbookClientId: 2, clientId: 2 },
    ]);
    const reconnected = run([{ type: "connectStarted" }, connected(2)], first);
    expect(reconnected).toMatchObject({ connection, clientId: null });
    expect(run([{ type: "workbookClientRead", attempt: 2, workbookClientId: 2, clientId: 2 }], reconnected).clientId).toBe(2);
  });

  it("Forget drops the connection and the key, and any answer still on its way", () => {
    const state = run([{ type: "connectStarted" }, connected(1), { type: "connectStarted" }, { type: "forgotten" }]);
    expect(state).toMatchObject({ connection: null, storedKey: null, remembered: false, connecting: false, clientId: null });
    expect(run([connected(2)], state).connection).toBeNull();
  });

  it("keeps the last few messages, numbered, and dismisses one", () => {
    const notes = Array.from({ length: MAX_NOTICES + 2 }, (_, i): ConnectionAction => ({
      type: "notified",
      message: `m${i}`,
      intent: "info",
    }));
    const state = run(notes);
    expect(state.notices.map((n) => n.message)).toEqual(["m2", "m3", "m4", "m5", "m6"]);
    expect(run([{ type: "dismissed", id: 4 }], state).notices.map((n) => n.id)).toEqual([3, 5, 6, 7]);
  });
});
