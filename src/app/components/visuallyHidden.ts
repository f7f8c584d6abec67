import type { GriffelStyle } from "@fluentui/react-components";

/** Read by screen readers, not shown (the usual clip pattern; display:none would hide it from them too). */
export const visuallyHidden: GriffelStyle = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
};
