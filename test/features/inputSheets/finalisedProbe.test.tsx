/** @jest-environment jsdom */
/**
 * The period picker learns a period was finalised in the service without Reload choices: when the pane gets the
 * focus back, and after the pane's pushes, one small read asks, and the picker's list is read again only when the
 * answer is yes.
 */
import { renderHook, waitFor } from "@testing-library/react";
import type { WriteListener } from "../../../src/api";
import { useFinalisedProbe } from "../../../src/features/inputSheets/panel/useFinalisedProbe";
import type { ConnectedServices } from "../../../src/ui/context";
import { employee, payslip } from "../../support/fixtures";
import "../../support/patientWaits";

const NOV = "2026-11-30";

function fakeServices(finalised: () => boolean) {
  const listeners = new Set<WriteListener>();
  const asked: number[] = [];
  const invalidate = jest.fn();
  const services = {
    clientId: 1,
    api: {
      onWrite: (l: WriteListener) => (listeners.add(l), () => void listeners.delete(l)),
      listPayslips: async (id: number) => {
        asked.push(id);
        return [payslip(11, NOV, { finalised: finalised() }).payslip];
      },
    },
    reads: { invalidate },
  } as unknown as ConnectedServices;
  return {
    services,
    asked,
    invalidate,
    write: (path = "/clients/1/bulk_input") => listeners.forEach((l) => l({ method: "POST", path })),
  };
}

const employees = [employee(7, { wave_id: 1, recent_payslips: [payslip(11, NOV)] })];

it("asks when the pane gets the focus back, and reads the list again only once the period is finalised", async () => {
  let done = false;
  const s = fakeServices(() => done);
  renderHook(() => useFinalisedProbe(s.services, employees, 1, NOV));
  window.dispatchEvent(new Event("focus"));
  await waitFor(() => expect(s.asked).toEqual([7]));
  expect(s.invalidate).not.toHaveBeenCalled();

  // The focus back again at once (a click into the pane after the grid): no second question within half a minute.
  window.dispatchEvent(new Event("focus"));
  await new Promise((r) => setTimeout(r, 50));
  expect(s.asked).toEqual([7]);

  done = true; // finalised in the service's own screens, a minute later
  const now = Date.now();
  jest.spyOn(Date, "now").mockReturnValue(now + 60_000);
  window.dispatchEvent(new Event("focus"));
  await waitFor(() => expect(s.invalidate).toHaveBeenCalledWith(1, "employeesWithPayslips"));
  expect(s.asked).toEqual([7, 7]);
  jest.restoreAllMocks();
});

it("asks once after a burst of the pane's pushes, and not after other writes", async () => {
  const s = fakeServices(() => true);
  renderHook(() => useFinalisedProbe(s.services, employees, 1, NOV));
  s.write("/clients/1/waves");
  await new Promise((r) => setTimeout(r, 1_300));
  expect(s.asked).toEqual([]);
  s.write();
  s.write();
  s.write();
  await waitFor(() => expect(s.invalidate).toHaveBeenCalledTimes(1));
  expect(s.asked).toEqual([7]);
});
