/** Registers the Reports panel with the shell. */
import { registerFeature } from "../features";
import { ReportsPanel } from "./ReportsPanel";

registerFeature({ id: "reports", title: "Reports", order: 40, Panel: ReportsPanel });
