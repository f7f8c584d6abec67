/** @jest-environment jsdom */
/** The Reports pane asks before a report replaces a person's cells; Cancel writes nothing (flows/reports confirmReplace). */
import * as React from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useReplaceQuestion } from "../../../src/features/reports/panel/useReplaceQuestion";
import { renderInFluent } from "../../support/fluentDom";

function Asker(props: { onAnswer(replace: boolean): void }) {
  const { ask, dialog } = useReplaceQuestion();
  return (
    <>
      <button onClick={() => void ask({ sheetName: "My workings", cells: ["B5", "C9"] }).then(props.onAnswer)}>Run</button>
      {dialog}
    </>
  );
}

describe("the question before replacing a person's cells", () => {
  it.each([
    ["Replace", true],
    ["Cancel", false],
  ])("names the sheet and the cells; %s answers %s", async (button, expected) => {
    const answers: boolean[] = [];
    const user = userEvent.setup();
    renderInFluent(<Asker onAnswer={(a) => answers.push(a)} />);
    await user.click(screen.getByRole("button", { name: "Run" }));
    // hidden: jsdom runs no motion, so a Fluent dialog opened after its first render can stay marked hidden there.
    const dialog = await screen.findByRole("alertdialog", { hidden: true });
    expect(within(dialog).getByRole("heading", { hidden: true }).textContent).toBe('Replace 2 cells you typed on "My workings"?');
    expect(within(dialog).getByRole("list", { hidden: true }).textContent).toContain("B5 is where the report goes");
    expect(within(dialog).getByRole("list", { hidden: true }).textContent).toContain("C9 is where the report goes");
    expect(answers).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: button, hidden: true }));
    await waitFor(() => expect(answers).toEqual([expected]));
  });
});
