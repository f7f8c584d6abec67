/**
 * The sheet tabs' menu, as Excel's: Insert (a new sheet before this one, shown), Rename, Delete (asked first when
 * the sheet holds anything; the last visible sheet cannot go), Move left and Move right. Names follow Excel's rule
 * (the emulator's own, sheetNames.ts); what Excel refuses is said in its words and changes nothing.
 */
import * as React from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { ExcelDialog } from "./excelDialog";
import type { SheetModel, WorkbookModel } from "../../emulator/model";
import { ContextMenu, isMenuKey, NoticeDialog, refusal, type OpenMenu } from "./ContextMenu";

interface SheetTabMenuInput {
  workbook: WorkbookModel;
  /** Ends a cell entry in progress before the sheets change. */
  commit(): void;
}

type Asking = { kind: "rename"; sheet: SheetModel } | { kind: "delete"; sheet: SheetModel };

/** Listeners for the tab list (give `tabsRef` to it) and the menu and dialogs to render. */
export function useSheetTabMenu({ workbook, commit }: SheetTabMenuInput) {
  const tabsRef = React.useRef<HTMLDivElement>(null);
  const [menu, setMenu] = React.useState<OpenMenu | null>(null);
  const [asking, setAsking] = React.useState<Asking | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);

  const attempt = (change: () => void) => {
    try {
      change();
    } catch (e) {
      setNotice(refusal(e));
    }
    workbook.changed();
  };

  const move = (sheet: SheetModel, step: -1 | 1) => {
    const visible = workbook.visibleSheets();
    const neighbour = visible[visible.indexOf(sheet) + step];
    if (neighbour) attempt(() => workbook.moveSheet(sheet, workbook.sheets.indexOf(neighbour)));
  };

  const entriesFor = (sheet: SheetModel) => {
    const visible = workbook.visibleSheets();
    const at = visible.indexOf(sheet);
    return [
      {
        label: "Insert sheet",
        onSelect: () =>
          attempt(() => {
            const added = workbook.addSheet();
            workbook.moveSheet(added, workbook.sheets.indexOf(sheet));
            workbook.activate(added);
          }),
      },
      { label: "Rename…", onSelect: () => setAsking({ kind: "rename", sheet }) },
      {
        label: "Delete",
        onSelect: () => (sheet.usedRect() ? setAsking({ kind: "delete", sheet }) : attempt(() => workbook.deleteSheet(sheet))),
      },
      { label: "Move left", disabled: at <= 0, onSelect: () => move(sheet, -1) },
      { label: "Move right", disabled: at === visible.length - 1, onSelect: () => move(sheet, 1) },
    ];
  };

  React.useEffect(() => {
    const tabs = tabsRef.current;
    if (!tabs) return;
    const open = (e: Event, tab: HTMLElement | null) => {
      const sheet = workbook.visibleSheets().find((s) => s.name === tab?.dataset.sheet);
      if (!tab || !sheet) return;
      e.preventDefault();
      commit();
      setMenu({ name: `Sheet ${sheet.name}`, target: tab, entries: entriesFor(sheet) });
    };
    const onContextMenu = (e: MouseEvent) => open(e, (e.target as HTMLElement).closest<HTMLElement>("[role=tab]"));
    const onKeyDown = (e: KeyboardEvent) => {
      if (isMenuKey(e)) open(e, (e.target as HTMLElement).closest<HTMLElement>("[role=tab]"));
    };
    tabs.addEventListener("contextmenu", onContextMenu);
    tabs.addEventListener("keydown", onKeyDown);
    return () => {
      tabs.removeEventListener("contextmenu", onContextMenu);
      tabs.removeEventListener("keydown", onKeyDown);
    };
  });

  const element = (
    <>
      <ContextMenu menu={menu} onClose={() => setMenu(null)} />
      {asking?.kind === "rename" && (
        <RenameDialog
          sheet={asking.sheet}
          rename={(name) => {
            workbook.renameSheet(asking.sheet, name);
            workbook.changed();
          }}
          onClose={() => setAsking(null)}
        />
      )}
      <ExcelDialog
        open={asking?.kind === "delete"}
        title={<>Delete sheet “{asking?.sheet.name}”?</>}
        onDismiss={() => setAsking(null)}
        actions={
          <>
            <Button onClick={() => setAsking(null)}>Cancel</Button>
            <Button
              appearance="primary"
              onClick={() => {
                const sheet = asking?.sheet;
                setAsking(null);
                if (sheet) attempt(() => workbook.deleteSheet(sheet));
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        The sheet and everything on it will be deleted. Formulas that refer to it will show #REF!.
      </ExcelDialog>
      <NoticeDialog text={notice} onClose={() => setNotice(null)} />
    </>
  );
  return { tabsRef, element };
}

/** Rename: the name is checked as Excel checks it; a refused name stays in the box with the reason under it. */
function RenameDialog({ sheet, rename, onClose }: { sheet: SheetModel; rename(name: string): void; onClose(): void }) {
  const [name, setName] = React.useState(sheet.name);
  const [problem, setProblem] = React.useState<string | null>(null);
  const submit = () => {
    try {
      rename(name);
      onClose();
    } catch (e) {
      setProblem(refusal(e));
    }
  };
  return (
    <ExcelDialog
      title="Rename sheet"
      modal="modal"
      onDismiss={onClose}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button appearance="primary" type="submit">
            Rename
          </Button>
        </>
      }
    >
      <Field label="Sheet name" validationMessage={problem ?? undefined}>
        <Input value={name} autoFocus onChange={(_, d) => (setName(d.value), setProblem(null))} />
      </Field>
    </ExcelDialog>
  );
}
