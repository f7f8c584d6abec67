/**
 * The parts of Office's add-in manifest schema that its validator enforces and that a hand edit breaks most often,
 * checked offline: the order and count of child elements (the XSDs' xs:sequence for a task-pane add-in:
 * OfficeAppManifestV1_1 extended by TaskPaneApp, TaskPaneAppVersionOverridesV1_0 with its 1.1 additions such as
 * Runtimes), required elements, resource id length, and the allowed values of Permissions, Host and Set names.
 * Office reports an element out of order as "not a valid child", so these messages say both where it is and where it
 * belongs. Paths below name elements by local name from the root; children of paths not listed are not checked.
 */
import type { XmlElement } from "./xmlTree";

/** [element, minOccurs, maxOccurs] in the order the schema's sequence demands. */
type Sequence = [name: string, min: number, max: number][];
const MANY = Infinity;

const SEQUENCES: Record<string, Sequence> = {
  OfficeApp: [
    ["Id", 1, 1],
    ["AlternateId", 0, 1],
    ["Version", 1, 1],
    ["ProviderName", 1, 1],
    ["DefaultLocale", 1, 1],
    ["DisplayName", 1, 1],
    ["Description", 1, 1],
    ["IconUrl", 0, 1],
    ["HighResolutionIconUrl", 0, 1],
    ["SupportUrl", 0, 1],
    ["AppDomains", 0, 1],
    ["Hosts", 0, 1],
    ["Requirements", 0, 1],
    ["DefaultSettings", 1, 1],
    ["Permissions", 1, 1],
    ["Dictionary", 0, 1],
    ["VersionOverrides", 0, 1],
  ],
  "OfficeApp/AppDomains": [["AppDomain", 0, MANY]],
  "OfficeApp/Hosts": [["Host", 1, MANY]],
  "OfficeApp/Requirements": [
    ["Sets", 0, 1],
    ["Methods", 0, 1],
  ],
  "OfficeApp/Requirements/Sets": [["Set", 1, MANY]],
  "OfficeApp/DefaultSettings": [["SourceLocation", 1, 1]],
  "OfficeApp/VersionOverrides": [
    ["Description", 0, 1],
    ["Requirements", 0, 1],
    ["Hosts", 0, 1],
    ["Resources", 0, 1],
    ["WebApplicationInfo", 0, 1],
    ["EquivalentAddins", 0, 1],
    ["VersionOverrides", 0, 1],
  ],
  "OfficeApp/VersionOverrides/Requirements": [["Sets", 1, 1]],
  "OfficeApp/VersionOverrides/Requirements/Sets": [["Set", 1, MANY]],
  "OfficeApp/VersionOverrides/Hosts": [["Host", 1, MANY]],
  "OfficeApp/VersionOverrides/Hosts/Host": [
    ["Runtimes", 0, 1],
    ["AllFormFactors", 0, 1],
    ["DesktopFormFactor", 0, 1],
  ],
  "OfficeApp/VersionOverrides/Hosts/Host/Runtimes": [["Runtime", 1, MANY]],
  "OfficeApp/VersionOverrides/Hosts/Host/DesktopFormFactor": [
    ["GetStarted", 0, 1],
    ["FunctionFile", 0, 1],
    ["ExtensionPoint", 1, MANY],
  ],
  "OfficeApp/VersionOverrides/Hosts/Host/DesktopFormFactor/GetStarted": [
    ["Title", 1, 1],
    ["Description", 1, 1],
    ["LearnMoreUrl", 1, 1],
  ],
  "OfficeApp/VersionOverrides/Resources": [
    ["Images", 0, 1],
    ["Urls", 0, 1],
    ["ShortStrings", 0, 1],
    ["LongStrings", 0, 1],
  ],
};

/** Task-pane add-in permissions (Office's ST_Permissions for TaskPaneApp). */
export const TASKPANE_PERMISSIONS = ["Restricted", "ReadDocument", "ReadAllDocument", "WriteDocument", "ReadWriteDocument"];
/** <Host Name> in the base manifest. */
export const BASE_HOST_NAMES = ["Document", "Database", "Mailbox", "Notebook", "Presentation", "Project", "Workbook"];
/** <Host xsi:type> in VersionOverrides for a task-pane add-in. */
export const OVERRIDE_HOST_TYPES = ["Document", "Notebook", "Presentation", "Workbook"];
/** Requirement set names Office knows (the Office Add-ins requirement sets reference). */
export const REQUIREMENT_SETS = [
  "AddinCommands", "BindingEvents", "CompressedFile", "CustomFunctionsRuntime", "CustomXmlParts", "DevicePermissionService",
  "DialogApi", "DialogOrigin", "DocumentEvents", "ExcelApi", "ExcelApiDesktop", "ExcelApiOnline", "File", "HtmlCoercion",
  "IdentityAPI", "ImageCoercion", "KeyboardShortcuts", "Mailbox", "MatrixBindings", "MatrixCoercion", "NestedAppAuth",
  "OneNoteApi", "OoxmlCoercion", "OpenBrowserWindowApi", "PdfFile", "PowerPointApi", "PowerPointApiDesktop",
  "PowerPointApiOnline", "ProjectApi", "RibbonApi", "Selection", "Settings", "SharedRuntime", "TableBindings",
  "TableCoercion", "TextBindings", "TextCoercion", "TextFile", "VisioApi", "WordApi", "WordApiDesktop",
  "WordApiHiddenDocument", "WordApiOnline",
]; // prettier-ignore
/** Office refuses resource ids longer than this. */
export const MAX_RESID_LENGTH = 32;

/** Order and counts of `element`'s children against `sequence`; messages name the line and the expected place. */
function checkSequence(element: XmlElement, path: string, sequence: Sequence, errors: string[]): void {
  const order = new Map(sequence.map(([name], i) => [name, i]));
  let last = -1;
  for (const child of element.children) {
    const at = order.get(child.local);
    if (at === undefined) {
      errors.push(`line ${child.line}: <${child.name}> is not a valid child of <${element.name}> (${path}).`);
      continue;
    }
    if (at < last)
      errors.push(
        `line ${child.line}: <${child.name}> is out of order in <${element.name}>: it must come before <${sequence[last][0]}> ` +
          `(order: ${sequence.map(([n]) => n).join(", ")}).`,
      );
    last = Math.max(last, at);
  }
  for (const [name, min, max] of sequence) {
    const count = element.children.filter((c) => c.local === name).length;
    if (count < min) errors.push(`line ${element.line}: <${element.name}> (${path}) lacks the required <${name}>.`);
    if (count > max) errors.push(`line ${element.line}: <${element.name}> (${path}) has ${count} <${name}>; at most ${max}.`);
  }
}

/** Schema errors of a parsed manifest: structure, resid lengths, and allowed values. */
export function checkSchema(root: XmlElement): string[] {
  const errors: string[] = [];
  if (root.local !== "OfficeApp") return [`The root element is <${root.name}>, not <OfficeApp>.`];
  if (root.attributes["xsi:type"] !== "TaskPaneApp")
    errors.push(`<OfficeApp xsi:type="${root.attributes["xsi:type"] ?? ""}">: this add-in is a TaskPaneApp.`);
  const visit = (element: XmlElement, path: string) => {
    const sequence = SEQUENCES[path];
    if (sequence) checkSequence(element, path, sequence, errors);
    checkValues(element, path, errors);
    for (const child of element.children) visit(child, `${path}/${child.local}`);
  };
  visit(root, "OfficeApp");
  return errors;
}

/** Resource ids, Permissions, Host names and Set names on one element. */
function checkValues(element: XmlElement, path: string, errors: string[]): void {
  const at = `line ${element.line}`;
  for (const key of ["resid", "id"]) {
    const value = element.attributes[key];
    const isResource = key === "resid" || /^bt:(Image|Url|String)$/.test(element.name);
    if (value !== undefined && isResource && value.length > MAX_RESID_LENGTH)
      errors.push(`${at}: ${key} "${value}" is ${value.length} characters; Office allows at most ${MAX_RESID_LENGTH}.`);
  }
  if (path === "OfficeApp/Permissions" && !TASKPANE_PERMISSIONS.includes(element.text.trim()))
    errors.push(`${at}: <Permissions>${element.text.trim()}</Permissions> is not one of ${TASKPANE_PERMISSIONS.join(", ")}.`);
  if (path === "OfficeApp/Hosts/Host" && !BASE_HOST_NAMES.includes(element.attributes.Name ?? ""))
    errors.push(`${at}: <Host Name="${element.attributes.Name ?? ""}"> is not one of ${BASE_HOST_NAMES.join(", ")}.`);
  if (path === "OfficeApp/VersionOverrides/Hosts/Host" && !OVERRIDE_HOST_TYPES.includes(element.attributes["xsi:type"] ?? ""))
    errors.push(
      `${at}: <Host xsi:type="${element.attributes["xsi:type"] ?? ""}"> is not one of ${OVERRIDE_HOST_TYPES.join(", ")}.`,
    );
  if (element.local === "Set" && !REQUIREMENT_SETS.includes(element.attributes.Name ?? ""))
    errors.push(`${at}: requirement set "${element.attributes.Name ?? ""}" is not one Office knows.`);
  if (element.local === "Set" && !/^\d+\.\d+$/.test(element.attributes.MinVersion ?? "1.1"))
    errors.push(`${at}: requirement set ${element.attributes.Name} has MinVersion "${element.attributes.MinVersion}", not n.n.`);
}
