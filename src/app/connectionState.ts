/**
 * The shell's connection state as one pure reducer: the connection, the stored key's state, the chosen client,
 * which sections are open, and the pane's messages. useConnection (./useConnection) drives it with the flows.
 *
 * Every connect attempt gets a sequence number; answers of an attempt that a later attempt (or Forget) replaced
 * are ignored, so a slow wrong answer cannot undo a newer one.
 */
import type { Connection } from "./connection";
import type { Notice } from "./components/Notifications";
import type { NotifyIntent } from "../ui/services";

/** What the key store holds, as the Connection panel shows it. */
export interface StoredKeyState {
  storedKey: string | null;
  remembered: boolean;
  customServiceUrl: string | null;
}

export interface ConnectionState extends StoredKeyState {
  connection: Connection | null;
  connecting: boolean;
  error: string | null;
  /** The chosen client. */
  clientId: number | null;
  /** The client the workbook's settings name (it may be one the key cannot reach). */
  workbookClientId: number | null;
  openSections: string[];
  notices: Notice[];
  /** The latest connect attempt (or Forget); older attempts' answers are ignored. */
  attempt: number;
  nextNoticeId: number;
}

export type ConnectionAction =
  | { type: "connectStarted" }
  | { type: "connectFailed"; attempt: number; error: string }
  | { type: "connected"; attempt: number; connection: Connection; stored: StoredKeyState }
  | { type: "workbookClientRead"; attempt: number; workbookClientId: number | null; clientId: number | null }
  | { type: "forgotten" }
  | { type: "clientChosen"; clientId: number }
  | { type: "workbookRemembered"; clientId: number }
  | { type: "sectionsToggled"; open: string[] }
  | { type: "notified"; message: string; intent: NotifyIntent }
  | { type: "dismissed"; id: number };

/** The pane keeps its last few messages. */
export const MAX_NOTICES = 5;

export function initialConnectionState(stored: StoredKeyState): ConnectionState {
  return {
    ...stored,
    connection: null,
    connecting: false,
    error: null,
    clientId: null,
    workbookClientId: null,
    openSections: ["connection"],
    notices: [],
    attempt: 0,
    nextNoticeId: 1,
  };
}

export function connectionReducer(state: ConnectionState, action: ConnectionAction): ConnectionState {
  switch (action.type) {
    case "connectStarted":
      return { ...state, attempt: state.attempt + 1, connecting: true, error: null };
    case "connectFailed":
      // A wrong key changes nothing else: the previous connection, key and client stay as they were.
      return action.attempt === state.attempt ? { ...state, connecting: false, error: action.error } : state;
    case "connected":
      if (action.attempt !== state.attempt) return state;
      // No client until this connection's workbookClientRead picks one: the panels of the previous connection's
      // client unmount, so nothing they hold from the previous key or service is shown under the new one.
      return { ...state, ...action.stored, connecting: false, connection: action.connection, clientId: null };
    case "workbookClientRead":
      if (action.attempt !== state.attempt) return state;
      return {
        ...state,
        workbookClientId: action.workbookClientId,
        clientId: action.clientId,
        openSections: action.clientId === null ? state.openSections : [],
      };
    case "forgotten":
      return {
        ...state,
        attempt: state.attempt + 1,
        storedKey: null,
        remembered: false,
        connection: null,
        connecting: false,
        clientId: null,
        error: null,
        openSections: ["connection"],
      };
    case "clientChosen":
      return { ...state, clientId: action.clientId, openSections: [] };
    case "workbookRemembered":
      return { ...state, workbookClientId: action.clientId };
    case "sectionsToggled":
      return { ...state, openSections: action.open };
    case "notified": {
      const notice = { id: state.nextNoticeId, message: action.message, intent: action.intent };
      return { ...state, notices: [...state.notices.slice(1 - MAX_NOTICES), notice], nextNoticeId: state.nextNoticeId + 1 };
    }
    case "dismissed":
      return { ...state, notices: state.notices.filter((n) => n.id !== action.id) };
  }
}

/** The workbook's client when the key cannot reach it (the picker says so), else null. */
export function unreachableClientId(state: ConnectionState): number | null {
  const { connection, workbookClientId } = state;
  if (!connection || workbookClientId === null) return null;
  return connection.clients.some((c) => c.id === workbookClientId) ? null : workbookClientId;
}
