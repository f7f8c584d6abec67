import * as React from "react";
import { Button, Checkbox, Field, Input, Switch, Text, makeStyles, tokens } from "@fluentui/react-components";
import { EyeOffRegular, EyeRegular } from "@fluentui/react-icons";
import { fieldError } from "../../ui/components/fieldError";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

export interface ConnectRequest {
  apiKey: string;
  remember: boolean;
  /** Custom service base URL, or null for the default (this page's origin, proxied /v1). */
  serviceUrl: string | null;
}

export interface ConnectionPanelProps {
  connecting: boolean;
  /** Where the pane is connected now (null while not connected). */
  connectedTo: string | null;
  clientCount: number;
  /** The key kept in memory/storage, to prefill the field. */
  storedKey: string | null;
  remembered: boolean;
  /** False when browser storage is blocked: the key can only live in memory. */
  canRemember: boolean;
  defaultServiceUrl: string;
  /** The saved custom base URL, or null. */
  customServiceUrl: string | null;
  /** The last connection error, shown under the key field. */
  error: string | null;
  /** Checks a custom base URL; returns a message when it cannot be used. */
  serviceUrlProblem(text: string): string | null;
  onConnect(request: ConnectRequest): void;
  onForget(): void;
}

/** API key, "remember" choice, advanced service address; Connect and Forget key. */
export function ConnectionPanel(props: ConnectionPanelProps) {
  const styles = useStyles();
  const [apiKey, setApiKey] = React.useState(props.storedKey ?? "");
  const [showKey, setShowKey] = React.useState(false);
  const [remember, setRemember] = React.useState(props.remembered);
  const [useCustomUrl, setUseCustomUrl] = React.useState(props.customServiceUrl !== null);
  const [customUrl, setCustomUrl] = React.useState(props.customServiceUrl ?? "");
  const [urlError, setUrlError] = React.useState<string | null>(null);

  // A key loaded after mount (or forgotten) replaces what the field shows.
  React.useEffect(() => setApiKey(props.storedKey ?? ""), [props.storedKey]);
  React.useEffect(() => setRemember(props.remembered), [props.remembered]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    if (key === "" || props.connecting) return;
    if (useCustomUrl) {
      const problem = props.serviceUrlProblem(customUrl);
      setUrlError(problem);
      if (problem) return;
    } else setUrlError(null);
    props.onConnect({ apiKey: key, remember: remember && props.canRemember, serviceUrl: useCustomUrl ? customUrl.trim() : null });
  };

  const status = props.connectedTo
    ? `Connected to ${props.connectedTo} · ${props.clientCount} ${props.clientCount === 1 ? "client" : "clients"}`
    : "Not connected";

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Connection">
      <Field
        label="API key"
        required
        {...fieldError(props.error)}
        hint="From the API page of your payroll account. Kept in memory, or in this add-in's browser storage when you tick Remember; never in the workbook."
      >
        <Input
          type={showKey ? "text" : "password"}
          value={apiKey}
          onChange={(_, data) => setApiKey(data.value)}
          autoComplete="off"
          spellCheck={false}
          contentAfter={
            <Button
              appearance="transparent"
              size="small"
              icon={showKey ? <EyeOffRegular /> : <EyeRegular />}
              aria-label={showKey ? "Hide API key" : "Show API key"}
              aria-pressed={showKey}
              onClick={() => setShowKey((v) => !v)}
            />
          }
        />
      </Field>
      <Checkbox
        label={props.canRemember ? "Remember on this computer" : "Remember on this computer (browser storage is blocked)"}
        checked={remember && props.canRemember}
        disabled={!props.canRemember}
        onChange={(_, data) => setRemember(data.checked === true)}
      />
      <Switch
        label="Use a custom service address"
        checked={useCustomUrl}
        onChange={(_, data) => {
          setUseCustomUrl(data.checked);
          setUrlError(null);
        }}
      />
      {useCustomUrl ? (
        <Field
          label="Service base URL"
          {...fieldError(urlError)}
          hint={`The service root; the add-in adds /v1. Default: ${props.defaultServiceUrl} (through this add-in's proxy). The service must allow calls from this page.`}
        >
          <Input
            type="url"
            value={customUrl}
            onChange={(_, data) => setCustomUrl(data.value)}
            placeholder="https://payroll.example.com"
          />
        </Field>
      ) : null}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={apiKey.trim() === "" || props.connecting}>
          {props.connecting ? "Connecting…" : "Connect"}
        </Button>
        <Button type="button" onClick={props.onForget} disabled={props.storedKey === null && apiKey === "" && !props.connectedTo}>
          Forget key
        </Button>
      </div>
      <Text role="status" aria-live="polite">
        {status}
      </Text>
    </form>
  );
}
