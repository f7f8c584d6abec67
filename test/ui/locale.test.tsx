/** @jest-environment jsdom */
/**
 * Dates in the pane follow Office's display language (Office.context.displayLanguage), not the browser's: en-IE
 * shows day/month/year, and a date field reads what is typed in that order.
 */
import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { Field, FluentProvider, webLightTheme } from "@fluentui/react-components";
import { dateInputPattern, DEFAULT_LOCALE, displayLocale, formatDate, formatDateTime, parseDateInput } from "../../src/ui/locale";
import { DateField } from "../../src/ui/components/DateField";
import "../support/fluentDom";

const g = globalThis as { Office?: unknown };
afterEach(() => delete g.Office);

describe("the display language", () => {
  test("comes from Office.context.displayLanguage, en-IE without Office or with an unusable tag", () => {
    expect(displayLocale()).toBe(DEFAULT_LOCALE);
    expect(DEFAULT_LOCALE).toBe("en-IE");
    g.Office = { context: { displayLanguage: "de-DE" } };
    expect(displayLocale()).toBe("de-DE");
    g.Office = { context: { displayLanguage: "not a tag!" } };
    expect(displayLocale()).toBe("en-IE");
    g.Office = {
      get context(): never {
        throw new Error("Office.context before Office.onReady");
      },
    };
    expect(displayLocale()).toBe("en-IE");
  });
});

describe("formatting", () => {
  test("en-IE shows day/month/year, whatever the browser's locale", () => {
    expect(formatDate("2025-01-31", "en-IE")).toBe("31/01/2025");
    expect(formatDate("2025-01-31")).toBe("31/01/2025");
    expect(formatDate("2025-01-31", "en-US")).toBe("01/31/2025");
    expect(formatDate("2025-01-31", "de-DE")).toBe("31.01.2025");
    expect(formatDate("2025-01-31T10:00:00Z", "en-IE")).toBe("31/01/2025");
    expect(formatDate("not a date", "en-IE")).toBe("not a date");
    expect(formatDate(null)).toBe("");
    expect(formatDateTime(new Date(2025, 0, 31, 14, 5), "en-IE")).toBe("31/01/2025, 14:05");
  });

  test("a date field's pattern follows the order", () => {
    expect(dateInputPattern("en-IE")).toBe("dd/mm/yyyy");
    expect(dateInputPattern("en-US")).toBe("mm/dd/yyyy");
    expect(dateInputPattern("de-DE")).toBe("dd.mm.yyyy");
  });
});

describe("reading a typed date", () => {
  test.each([
    ["31/01/2025", "en-IE", "2025-01-31"],
    ["1/2/2025", "en-IE", "2025-02-01"],
    ["1/2/2025", "en-US", "2025-01-02"],
    ["31.01.25", "de-DE", "2025-01-31"],
    ["2025-01-31", "en-US", "2025-01-31"],
    ["31/02/2025", "en-IE", null],
    ["01/31/2025", "en-IE", null],
    ["31/01", "en-IE", null],
    ["", "en-IE", null],
  ])("%s in %s is %s", (text, locale, iso) => expect(parseDateInput(text, locale)).toBe(iso));
});

describe("DateField", () => {
  function Harness({ initial }: { initial: string }) {
    const [value, setValue] = React.useState(initial);
    return (
      <FluentProvider theme={webLightTheme}>
        <Field label="Balance date">
          <DateField value={value} onChange={setValue} />
        </Field>
        <output data-testid="iso">{value}</output>
      </FluentProvider>
    );
  }

  test("shows day/month/year under en-IE and hands back ISO dates", () => {
    g.Office = { context: { displayLanguage: "en-IE" } };
    render(<Harness initial="2025-01-31" />);
    const input = screen.getByLabelText("Balance date") as HTMLInputElement;
    expect(input.value).toBe("31/01/2025");
    expect(input.placeholder).toBe("dd/mm/yyyy");
    expect(input.type).toBe("text");
    fireEvent.change(input, { target: { value: "1/3/2025" } });
    expect(screen.getByTestId("iso").textContent).toBe("2025-03-01");
    fireEvent.blur(input);
    expect(input.value).toBe("01/03/2025");
    fireEvent.change(input, { target: { value: "31/02/2025" } });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByTestId("iso").textContent).toBe("2025-03-01");
  });

  test("follows Office's language, not the browser's", () => {
    g.Office = { context: { displayLanguage: "en-US" } };
    render(<Harness initial="2025-01-31" />);
    expect((screen.getByLabelText("Balance date") as HTMLInputElement).value).toBe("01/31/2025");
  });
});
