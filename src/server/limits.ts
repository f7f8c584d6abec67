/**
 * Connection limits the HTTP server itself does not have: open connections per caller address, so that one address
 * (slow clients, a script) cannot take every connection the server allows.
 */
import type { Server } from "net";

/** Closes a new connection at once when its address already has `max` open. */
export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
