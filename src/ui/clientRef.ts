/**
 * The client a piece of work is for, and its name in words. A module of its own, apart from the flows' helpers
 * (flows/common re-exports it): the shell's first paint names clients (clientChange) without loading the flows.
 */

/**
 * The payroll client (company) the work is for: its ID and the name the service's client list gives it, or null when
 * the list does not have it. Titles and sentences show it with `clientLabel`, which says so in words.
 */
export interface ClientRef {
  readonly id: number;
  readonly name: string | null;
}

/** What the pane calls a client whose name the service did not give (never a made-up name such as "Client 12"). */
export const NAME_NOT_KNOWN = "Client name not known";

/** The client's name as shown in titles and sentences. */
export const clientLabel = (client: ClientRef): string => client.name ?? NAME_NOT_KNOWN;

/** The client a sheet's stored metadata names ({ clientId, clientName }): an empty stored name is not known. */
export const clientOfMeta = (meta: { clientId: number; clientName?: string | null }): ClientRef => ({
  id: meta.clientId,
  name: meta.clientName || null,
});
