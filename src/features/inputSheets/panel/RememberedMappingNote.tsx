/**
 * Fill from a sheet: where the key column and mapping came from when the client's file was mapped before, and which
 * headers are new or missing this month. Data only.
 */
import * as React from "react";
import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { FillProposal } from "../flows/fill";
import { formatDate } from "../../../ui/locale";

const quoted = (headers: readonly string[]) => headers.map((h) => `"${h}"`).join(", ");

export function RememberedMappingNote({ remembered }: { remembered: FillProposal["remembered"] }) {
  if (!remembered) return null;
  const lines = [
    remembered.newHeaders.length > 0 ? `New this month: ${quoted(remembered.newHeaders)}.` : null,
    remembered.missingHeaders.length > 0 ? `Missing this month: ${quoted(remembered.missingHeaders)}.` : null,
    remembered.inputsNotOnSheet.length > 0
      ? `Mapped last time to an input this sheet does not have: ${quoted(remembered.inputsNotOnSheet)}.`
      : null,
  ].filter((l): l is string => l !== null);
  return (
    <MessageBar intent={lines.length > 0 ? "warning" : "info"} layout="multiline" aria-label="Remembered mapping">
      <MessageBarBody>
        <div>Mapping as used on {formatDate(remembered.usedOn)}. Change it below if this file differs.</div>
        {lines.map((l) => (
          <div key={l}>{l}</div>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}
