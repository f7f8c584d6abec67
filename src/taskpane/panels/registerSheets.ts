/** Registers the Imports and Input sheets panels in the shell's feature registry. */
import { registerFeature } from "../features";
import { ImportsPanel } from "./ImportsPanel";
import { InputSheetsPanel } from "./InputSheetsPanel";

registerFeature({ id: "imports", title: "Imports", order: 10, Panel: ImportsPanel });
registerFeature({ id: "input-sheets", title: "Input sheets", order: 20, Panel: InputSheetsPanel });
