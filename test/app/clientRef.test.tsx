/** @jest-environment jsdom */
/**
 * Issue 24, Deliver 4: the chosen client is one ClientRef (ID and the name the service's list gives). A client the
 * list lacks is named in words as not known, never with a made-up name ("Client 12").
 */
import { act, renderHook } from "@testing-library/react";
import { useClientChange } from "../../src/app/clientChange";
import type { ConnectedPart } from "../../src/app/connectedLoader";
import type { WorkbookPort } from "../../src/excel";
import { clientOf, clientRecordOf, type ConnectedServices } from "../../src/ui/context";
import { clientLabel, clientOfMeta } from "../../src/ui/flows/common";

const LIFFEY = { id: 1, name: "Liffey Engineering Ltd" };
const services = (clientId: number) => ({ clientId, clients: [LIFFEY] }) as unknown as ConnectedServices;

describe("the chosen client", () => {
  it("is the ID and the service's name; without a name in the list it is not known, and shown so in words", () => {
    expect(clientOf(services(1))).toEqual({ id: 1, name: "Liffey Engineering Ltd" });
    expect(clientRecordOf(services(1))).toBe(LIFFEY);
    expect(clientOf(services(12))).toEqual({ id: 12, name: null });
    expect(clientRecordOf(services(12))).toBeUndefined();
    expect(clientLabel(clientOf(services(1)))).toBe("Liffey Engineering Ltd");
    expect(clientLabel(clientOf(services(12)))).toBe("Client name not known");
  });

  it("reads a sheet's stored client back with an empty stored name as not known", () => {
    expect(clientOfMeta({ clientId: 3, clientName: "Corrib" })).toEqual({ id: 3, name: "Corrib" });
    expect(clientOfMeta({ clientId: 3, clientName: "" })).toEqual({ id: 3, name: null });
  });

  it("asking before a change of client names a client the list lacks as not known", async () => {
    const choose = jest.fn();
    const connected = { pendingSheetsOf: async () => [{ sheetName: "Inputs", changes: 2 }] } as unknown as ConnectedPart;
    const { result } = renderHook(() =>
      useClientChange({ workbook: {} as WorkbookPort, clients: [LIFFEY], clientId: 12, choose, connected }),
    );
    await act(() => result.current.request(1));
    expect(result.current.question).toMatchObject({ from: "Client name not known", to: "Liffey Engineering Ltd" });
    expect(choose).not.toHaveBeenCalled();
  });
});
