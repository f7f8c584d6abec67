/**
 * The preview's right-click menus (sheet tabs, row and column headers), as Excel's: opened by the mouse's right
 * button, the context-menu key or Shift+F10; the first item takes the focus, Escape closes the menu and gives the
 * focus back to where it was. A structural change Excel refuses shows its reason in a message box.
 */
import * as React from "react";
import { Button, Menu, MenuItem, MenuList, MenuPopover } from "@fluentui/react-components";
import { ExcelDialog } from "./excelDialog";

export interface MenuEntry {
  label: string;
  onSelect(): void;
  disabled?: boolean;
}

export interface OpenMenu {
  /** What the menu is for ("Sheet Pay run", "Column B"): its accessible name. */
  name: string;
  target: HTMLElement;
  entries: MenuEntry[];
}

/** Whether a key press asks for the context menu (the menu key, or Shift+F10). */
export const isMenuKey = (e: KeyboardEvent): boolean =>
  e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey && !e.ctrlKey && !e.altKey);

export function ContextMenu({ menu, onClose }: { menu: OpenMenu | null; onClose(): void }): React.JSX.Element | null {
  const list = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (!menu) return;
    // Opened without a trigger: the first item takes the focus, as in a menu opened from the keyboard.
    const id = requestAnimationFrame(() =>
      list.current?.querySelector<HTMLElement>("[role=menuitem]:not([aria-disabled=true])")?.focus(),
    );
    return () => cancelAnimationFrame(id);
  }, [menu]);
  if (!menu) return null;
  const close = (refocus: boolean) => {
    onClose();
    if (refocus) menu.target.focus();
  };
  return (
    <Menu
      open
      positioning={{ target: menu.target, position: "below", align: "start" }}
      onOpenChange={(_, d) => !d.open && close(true)}
    >
      <MenuPopover>
        <MenuList ref={list} aria-label={menu.name}>
          {menu.entries.map((entry) => (
            <MenuItem
              key={entry.label}
              disabled={entry.disabled}
              onClick={() => {
                close(true);
                entry.onSelect();
              }}
            >
              {entry.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** Excel's message box for a change it refuses ("A workbook must contain at least one visible worksheet."). */
export function NoticeDialog({ text, onClose }: { text: string | null; onClose(): void }): React.JSX.Element {
  return (
    <ExcelDialog
      open={text !== null}
      title="Not done"
      onDismiss={onClose}
      contentTestId="sheet-notice"
      actions={
        <Button appearance="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      {text}
    </ExcelDialog>
  );
}

/** The sentence of a refusal: the preview's Excel errors carry Excel's message. */
export const refusal = (e: unknown): string => (e instanceof Error ? e.message : String(e));
