/**
 * The check before a push, on the pane's side: the workbook's settings (document setting payroll.pushCheck, read
 * when the panel opens and saved as they are changed), and the dialog that answers the flow's question
 * (flows/pushCheck: checkBeforeSending). `checkOptions()` is what every push of the panel passes as PushOptions.check.
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { readPushCheckSettings, savePushCheckSettings } from "../flows/pushCheck";
import type { PushCheckAnswer, PushCheckOptions, PushCheckReview } from "../flows/pushCheck";
import { DEFAULT_PUSH_CHECK, type PushCheckSettings } from "../model/pushCheck";

export function usePushCheck(workbook: WorkbookPort | undefined) {
  const [settings, setSettings] = React.useState<PushCheckSettings>(DEFAULT_PUSH_CHECK);
  const [review, setReview] = React.useState<PushCheckReview | null>(null);
  const answer = React.useRef<((choice: PushCheckAnswer) => void) | null>(null);
  const current = React.useRef(settings);
  current.current = settings;

  React.useEffect(() => {
    if (!workbook) return;
    let live = true;
    readPushCheckSettings(workbook)
      .then((s) => live && setSettings(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workbook]);

  const changeSettings = (next: PushCheckSettings) => {
    setSettings(next);
    if (workbook) void savePushCheckSettings(workbook, next).catch(() => undefined);
  };

  const checkOptions = React.useCallback(
    (): PushCheckOptions => ({
      settings: current.current,
      ask: (r) =>
        new Promise<PushCheckAnswer>((resolve) => {
          answer.current = resolve;
          setReview(r);
        }),
    }),
    [],
  );

  const choose = (choice: PushCheckAnswer) => {
    setReview(null);
    answer.current?.(choice);
    answer.current = null;
  };

  return { settings, changeSettings, checkOptions, review, choose };
}
