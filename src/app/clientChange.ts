/**
 * Changing client with changes not pushed asks first, naming the sheets and how many changes each holds
 * (flows/pendingSheets, in the connected part). Stay keeps the client; the picker shows it again.
 */
import * as React from "react";
import type { Client } from "../contract";
import type { WorkbookPort } from "../excel";
import { clientLabel } from "../ui/clientRef";
import type { ClientChangeQuestion } from "./components/ClientChangeDialog";
import type { ConnectedPart } from "./connectedLoader";
import type { ClientReads } from "../ui/serverState";

interface UseClientChangeProps {
  workbook: WorkbookPort;
  clients: readonly Client[];
  clientId: number | null;
  choose: (clientId: number) => void;
  connected: ConnectedPart | null;
  /** The shared reads: whether a sheet's period is finalised comes from the employees with their payslips, read afresh. */
  reads?: ClientReads | null;
}

export function useClientChange({ workbook, clients, clientId, choose, connected, reads }: UseClientChangeProps) {
  const [asked, setAsked] = React.useState<(ClientChangeQuestion & { next: number }) | null>(null);
  // A client the list lacks is named as not known, never made up ("client 12").
  const nameOf = (id: number) => clientLabel({ id, name: clients.find((c) => c.id === id)?.name ?? null });

  const request = async (next: number) => {
    if (next === clientId) return;
    // A period finalised in the service since the pane read it: its changes can no longer be pushed, and are not advised to be.
    const employees =
      reads && clientId !== null
        ? () => {
            reads.invalidate(clientId, "employeesWithPayslips");
            return reads.read("employeesWithPayslips", clientId);
          }
        : undefined;
    const sheets =
      clientId !== null && connected ? await connected.pendingSheetsOf(workbook, clientId, { employees }).catch(() => []) : [];
    if (sheets.length === 0 || clientId === null) choose(next);
    else setAsked({ from: nameOf(clientId), to: nameOf(next), sheets, next });
  };
  const answer = (change: boolean) => {
    const ask = asked;
    setAsked(null);
    if (ask && change) choose(ask.next);
  };
  return { request, question: asked as ClientChangeQuestion | null, answer };
}
