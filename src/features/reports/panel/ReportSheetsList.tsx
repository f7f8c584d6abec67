/** The workbook's report sheets, each with Refresh (it runs the report again from its saved parameters). */
import { Button, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { ReportsViewProps } from "./viewProps";

const useStyles = makeStyles({
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: "none" },
  item: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: tokens.spacingHorizontalS },
});

export function ReportSheetsList(props: Pick<ReportsViewProps, "reportSheets" | "onRefresh" | "busy">) {
  const styles = useStyles();
  return (
    <section aria-label="Report sheets">
      <Text weight="semibold">Report sheets in this workbook</Text>
      {props.reportSheets.length === 0 ? (
        <Text block size={200}>
          None yet. Each report you run gets a sheet with Refresh here.
        </Text>
      ) : (
        <ul className={styles.list}>
          {props.reportSheets.map((s) => (
            <li key={s.sheetName} className={styles.item}>
              <Text>
                <Text weight="semibold">{s.sheetName}</Text> · {s.description}
              </Text>
              <Button
                size="small"
                disabled={props.busy}
                onClick={() => props.onRefresh(s.sheetName)}
                aria-label={`Refresh ${s.sheetName}`}
              >
                Refresh
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
