/** @jest-environment jsdom */
/** The deleted input sheets' notices: each named once, Restore only where changes were kept. Props in, callbacks out. */
import * as React from "react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DeletedSheetsView } from "../../../src/features/inputSheets/panel/DeletedSheets";
import { renderInFluent as wrap, expectAllLabelled } from "../../support/fluentDom";

const notice = (id: string, name: string, changes: number) => ({
  id,
  name,
  client: { id: 1, name: "Liffey Ltd" },
  text:
    changes > 0
      ? `'${name}' was deleted with ${changes} changes not sent: …`
      : `'${name}' was deleted. It had no changes waiting to be sent.`,
  changes,
});

it("names each deleted sheet once, with Restore where it kept changes and a way to let them go", async () => {
  const user = userEvent.setup();
  const onRestore = jest.fn();
  const onDismiss = jest.fn();
  const { container } = wrap(
    <DeletedSheetsView
      notices={[notice("{1}", "Liffey · Nov", 3), notice("{2}", "Shannon · Nov", 0)]}
      busy={false}
      onRestore={onRestore}
      onDismiss={onDismiss}
    />,
  );
  expectAllLabelled(container);
  expect(screen.getAllByText(/was deleted/)).toHaveLength(2);
  const restore = screen.getAllByRole("button", { name: "Restore into a rebuilt sheet" });
  expect(restore).toHaveLength(1);
  await user.click(restore[0]);
  expect(onRestore).toHaveBeenCalledWith("{1}");
  await user.click(screen.getByRole("button", { name: "Let them go" }));
  expect(onDismiss).toHaveBeenCalledWith("{1}");
  await user.click(screen.getByRole("button", { name: "OK" }));
  expect(onDismiss).toHaveBeenCalledWith("{2}");
});

it("says nothing when no sheet was deleted, and offers nothing while a task runs", () => {
  const { container } = wrap(<DeletedSheetsView notices={[]} busy={false} onRestore={jest.fn()} onDismiss={jest.fn()} />);
  expect(container.textContent).toBe("");
  wrap(<DeletedSheetsView notices={[notice("{1}", "A", 1)]} busy onRestore={jest.fn()} onDismiss={jest.fn()} />);
  expect((screen.getByRole("button", { name: "Restore into a rebuilt sheet" }) as HTMLButtonElement).disabled).toBe(true);
});
