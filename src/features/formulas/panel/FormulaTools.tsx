/**
 * The PAYROLL formula tools under the client picker, whatever tab is open: Refresh formulas, Explain this figure and
 * when the figures were read. They sit here, not in a tab, because they act on the cell the accountant has selected
 * in their own grid (any sheet), which no feature tab is about; Explain sits beside Refresh formulas, its remedy when
 * the cell shows an older figure.
 */
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Tooltip,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { FormulaFreshness } from "../../../ui/formulaFreshness";
import { formatDateTime, formatTime } from "../../../ui/locale";
import { OutcomeBar } from "../../../ui/parts/layout";
import { RefreshFormulas } from "./RefreshFormulas";
import { useFormulaTools } from "./useFormulaTools";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
});

/** "14:32" today, "24/11/2026, 09:12" another day (in Office's display language). */
export function readAtText(at: Date, now = new Date()): string {
  return at.toDateString() === now.toDateString() ? formatTime(at) : formatDateTime(at);
}

export function FormulaTools({ freshness }: { freshness: FormulaFreshness }) {
  const styles = useStyles();
  const tools = useFormulaTools();
  if (!tools) return null;
  const { readAt, stale } = freshness;
  return (
    <section className={styles.root} aria-label="PAYROLL formulas">
      <div className={styles.row}>
        <RefreshFormulas onRefresh={tools.refresh} disabled={tools.busy} />
        <Tooltip
          content="Lists the transactions behind the selected PAYROLL.AMOUNT cell on a sheet of their own"
          relationship="description"
        >
          <Button size="small" onClick={tools.explain} disabled={tools.busy}>
            Explain this figure
          </Button>
        </Tooltip>
        {readAt ? <Caption1 role="status">Formulas read at {readAtText(readAt)}</Caption1> : null}
      </div>
      <Caption1>
        PAYROLL.AMOUNT and PAYROLL.TRANSACTIONS cover finalised payslips only, dated from the formula&apos;s start date to its end
        date: an open period counts once it is finalised.
      </Caption1>
      {stale && readAt ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            The PAYROLL figures in this workbook were read at {formatDateTime(readAt)}, before this session, and may be out of
            date.
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={tools.refresh} disabled={tools.busy}>
              Refresh formulas
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <OutcomeBar outcome={tools.outcome} />
    </section>
  );
}
