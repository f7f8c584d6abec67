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

interface UseClientChangeProps {
  workbook: WorkbookPort;
  clients: readonly Client[];
  clientId: number | null;
  choose: (clientId: number) => void;
  connected: ConnectedPart | null;
}

export function useClientChange({ workbook, clients, clientId, choose, connected }: UseClientChangeProps) {
  const [asked, setAsked] = React.useState<(ClientChangeQuestion & { next: number }) | null>(null);
  // A client the list lacks is named as not known, never made up ("client 12").
  const nameOf = (id: number) => clientLabel({ id, name: clients.find((c) => c.id === id)?.name ?? null });

  const request = async (next: number) => {
    if (next === clientId) return;
    const sheets = clientId !== null && connected ? await connected.pendingSheetsOf(workbook, clientId).catch(() => []) : [];
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
